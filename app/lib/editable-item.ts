/**
 * What an item's editing route answers: the whole item for its editor, or why
 * it cannot be edited (it was deleted meanwhile). Lists carry only what their
 * rows show; the editor loads the rest when it opens.
 */
export type EditableItemAnswer<Item> = { id: string; item: Item } | { id: string; error: string }
