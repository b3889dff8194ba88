/**
 * The file a person actually chose in a form, or null: an empty file input
 * still sends a nameless, empty file. Works in the browser and on the server.
 */
export function chosenFile(value: unknown): File | null {
  return typeof File !== 'undefined' && value instanceof File && value.size > 0 ? value : null
}
