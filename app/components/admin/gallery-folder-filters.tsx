import { useEffect, useRef } from 'react'
import { useListHref } from '#app/components/hooks/use-list-href.ts'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { EyeOff, Pencil } from 'lucide-react'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { AdminGalleryFolder } from '#app/domain/gallery/gallery.schema.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'

export const FOLDER_PARAM = 'folder'
/** The page of the folder list, apart from the photos' `?page=`. */
export const FOLDER_PAGE_PARAM = 'folders'

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
  /** Where the page of folders stands: a pager shows when there is more than one. */
  pages: ListPageInfo
  selected: string | null
  onEdit: (folder: AdminGalleryFolder) => void
}

/**
 * 'all' and a page of folders, each with its count, as links (the filter
 * lives in the URL, keeping the search and going back to the first page),
 * each folder with its edit button; the other folders are a pager away.
 * On a phone they are one row that scrolls sideways, the chosen one in view:
 * a page of 24 folders wrapped would stand 1,500 px tall above the photos.
 * The row is the containing block of the links' screen-reader text, which
 * would otherwise be placed past the page's right edge and widen it.
 */
export function GalleryFolderFilters({ total, folders, pages, selected, onEdit }: GalleryFolderFiltersProps) {
  const href = useListHref()
  const chosen = useRef<HTMLLIElement>(null)
  useEffect(() => {
    chosen.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [selected])
  return (
    <div className="mb-6">
      <ul aria-label="Folders" className="relative flex gap-2 max-sm:overflow-x-auto max-sm:p-1 max-sm:pb-2 sm:flex-wrap">
        <li ref={selected === null ? chosen : undefined} className="shrink-0">
          <FilterLink label="all" count={total} to={href({ [FOLDER_PARAM]: null, page: null })} selected={selected === null} />
        </li>
        {folders.map((folder) => (
          <li key={folder.id} ref={folder.name === selected ? chosen : undefined} className="flex shrink-0 items-center gap-0.5">
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
      {pages.pageCount > 1 ? <ListPager pages={pages} thing="folder" param={FOLDER_PAGE_PARAM} /> : null}
    </div>
  )
}
