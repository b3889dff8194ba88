import { useListHref } from '#app/components/hooks/use-list-href.ts'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { EyeOff, Pencil } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import type { AdminGalleryFolder } from '#app/domain/gallery/gallery.schema.ts'

export const FOLDER_PARAM = 'folder'

interface FilterLinkProps {
  label: string
  count: number
  to: string
  selected: boolean
  hidden?: boolean
}

function FilterLink({ label, count, to, selected, hidden }: FilterLinkProps) {
  return (
    <FolderFilterLink to={to} selected={selected}>
      {label} ({count})
      {hidden ? (
        <>
          <EyeOff aria-hidden className="ml-1.5 size-4" />
          <span className="sr-only">, not shown on the public site</span>
        </>
      ) : null}
    </FolderFilterLink>
  )
}

interface GalleryFolderFiltersProps {
  total: number
  folders: AdminGalleryFolder[]
  selected: string | null
  onEdit: (folder: AdminGalleryFolder) => void
}

/**
 * 'all' and each folder with its count, as links (the filter lives in the
 * URL, keeping the search and going back to the first page), each folder
 * with its edit button.
 */
export function GalleryFolderFilters({ total, folders, selected, onEdit }: GalleryFolderFiltersProps) {
  const href = useListHref()
  return (
    <ul aria-label="Folders" className="mb-6 flex flex-wrap gap-2">
      <li>
        <FilterLink label="all" count={total} to={href({ [FOLDER_PARAM]: null, page: null })} selected={selected === null} />
      </li>
      {folders.map((folder) => (
        <li key={folder.id} className="flex items-center gap-0.5">
          <FilterLink
            label={folder.name}
            count={folder.count}
            to={href({ [FOLDER_PARAM]: folder.name, page: null })}
            selected={folder.name === selected}
            hidden={!folder.externalUse || !folder.enabled}
          />
          <Button variant="ghost" size="icon" aria-label={`Edit folder ${folder.name}`} onClick={() => onEdit(folder)}>
            <Pencil aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  )
}
