import { useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { MENU_SCREENS, MENU_TITLES, SCREEN_NAMES, type AdminMenuEntry, type MenuPageOption } from '#app/domain/menu/menu.ts'
import { MENU_LABEL_MAX, menuItemSchema, TOP_LEVEL } from '#app/domain/menu/menu.schema.ts'
import type { MenuLinkKind, MenuName } from '#db/tables/navigation.ts'

const LINK_KIND_OPTIONS = [
  { value: 'page', label: 'Page' },
  { value: 'screen', label: 'Screen' },
  { value: 'url', label: 'Web address (URL)' },
] satisfies { value: MenuLinkKind; label: string }[]

const SCREEN_OPTIONS = MENU_SCREENS.map((screen) => ({ value: screen, label: SCREEN_NAMES[screen] }))

interface MenuEntryDialogProps {
  menu: MenuName
  /** The entry being edited; null to add one. */
  entry: AdminMenuEntry | null
  /** The menu's top-level entries, for "Show under" (header only). */
  topLevel: AdminMenuEntry[]
  pages: MenuPageOption[]
  onClose: () => void
}

/** 'Add entry' / 'Edit entry': the label, what it links to and, in the header, the entry it goes under. */
export function MenuEntryDialog({ menu, entry, topLevel, pages, onClose }: MenuEntryDialogProps) {
  const [linkKind, setLinkKind] = useState<string>(entry?.linkKind ?? (pages.length ? 'page' : 'screen'))
  const [label, setLabel] = useState(entry?.label ?? '')
  const [pageId, setPageId] = useState(entry?.pageId ?? null)
  const titleOf = (id: string | null) => pages.find((page) => page.id === id)?.title
  /** An empty label, or one still the previous page's title, takes the chosen page's title; words of one's own stay. */
  const labelFor = (chosen: string) => (label.trim() === '' || label === titleOf(pageId) ? (titleOf(chosen) ?? label) : label)
  const parents = topLevel.filter((candidate) => candidate.id !== entry?.id)
  const hasChildren = (entry?.children.length ?? 0) > 0
  return (
    <AdminFormDialog
      title={entry ? 'Edit entry' : 'Add entry'}
      description={`${MENU_TITLES[menu]}: the words shown and where the entry leads.`}
      schema={menuItemSchema}
      editingId={entry?.id ?? null}
      onClose={onClose}
    >
      {({ errors, revalidate }) => (
        <>
          <input type="hidden" name="menu" value={menu} />
          <Field
            id="label"
            name="label"
            label="Label"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={MENU_LABEL_MAX}
            description={linkKind === 'page' ? "Left empty, the page's title." : undefined}
            error={errors.label}
          />
          <SelectField
            id="linkKind"
            name="linkKind"
            label="Links to"
            options={LINK_KIND_OPTIONS}
            value={linkKind}
            onValueChange={(value) => {
              setLinkKind(value)
              revalidate({ linkKind: value })
            }}
            error={errors.linkKind}
          />
          {linkKind === 'page' ? (
            <SelectField
              id="pageId"
              name="pageId"
              label="Page"
              options={pages.map((page) => ({ value: page.id, label: page.label }))}
              defaultValue={entry?.pageId ?? undefined}
              placeholder={pages.length ? 'Choose a page' : 'No pages yet'}
              onValueChange={(value) => {
                const next = labelFor(value)
                setLabel(next)
                setPageId(value)
                revalidate({ pageId: value, label: next })
              }}
              error={errors.pageId}
            />
          ) : null}
          {linkKind === 'screen' ? (
            <SelectField
              id="screen"
              name="screen"
              label="Screen"
              options={SCREEN_OPTIONS}
              defaultValue={entry?.screen ?? undefined}
              placeholder="Choose a screen"
              onValueChange={(value) => revalidate({ screen: value })}
              error={errors.screen}
            />
          ) : null}
          {linkKind === 'url' ? (
            <Field
              id="url"
              name="url"
              label="Web address"
              inputMode="url"
              placeholder="https://"
              defaultValue={entry?.url ?? ''}
              description="An address on another site, starting with https:// or http://."
              error={errors.url}
            />
          ) : null}
          {menu === 'header' ? (
            <SelectField
              id="parentId"
              name="parentId"
              label="Show under"
              options={[{ value: TOP_LEVEL, label: 'None (top level)' }, ...(hasChildren ? [] : parents.map((parent) => ({ value: parent.id, label: parent.label })))]}
              defaultValue={entry?.parentId ?? TOP_LEVEL}
              description={hasChildren ? 'Entries are under this one, so it stays at the top level.' : 'A top-level entry opens a list of the entries under it.'}
              onValueChange={(value) => revalidate({ parentId: value })}
              error={errors.parentId}
            />
          ) : null}
        </>
      )}
    </AdminFormDialog>
  )
}
