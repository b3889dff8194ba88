import { useSearchParams } from 'react-router'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { AlbumCards } from '#app/components/site/album-cards.tsx'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { GalleryGrid } from '#app/components/site/gallery-grid.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicGallery } from '#app/domain/gallery/gallery.server.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { pagedPath, pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/gallery.ts'

const FOLDER_PARAM = 'folder'

/** `?folder=` and `?page=` as typed: a folder that is not shown lists nothing, a page that is not a number is the first. */
export async function loader({ request }: Route.LoaderArgs) {
  const { page } = readListParams(request.url)
  const folder = new URL(request.url).searchParams.get(FOLDER_PARAM) || null
  return await getPublicGallery({ folder, page })
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const schoolName = matches[1]?.loaderData?.shell.title
  // A folder's photos are the gallery's again: its pages point search engines to the whole gallery's.
  const folder = new URLSearchParams(location.search).get(FOLDER_PARAM)
  return pageMeta(matches, {
    title: 'Gallery',
    description: `Photos of school life at ${schoolName ?? 'our school'}: events, trips, clubs and everyday moments.`,
    path: folder ? '/gallery' : pagedPath('/gallery', loaderData?.pages.page ?? 1),
  })
}

function FolderFilter({ label, count, href, selected }: { label: string; count: number; href: string; selected: boolean }) {
  return (
    <li>
      <FolderFilterLink to={href} selected={selected}>
        {label} ({count})
      </FolderFilterLink>
    </li>
  )
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { images, pages, total, folders, albums } = loaderData
  const [searchParams] = useSearchParams()
  const selectedFolder = searchParams.get(FOLDER_PARAM) || null
  // The albums lead the first page of all photos; further pages go on with the photos alone.
  const showAlbums = selectedFolder === null && pages.page === 1 && albums.length > 0

  return (
    <>
      <PageBanner page="galleryPage" title="Gallery" />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul aria-label="Folders" className="mb-8 flex flex-wrap justify-center gap-2">
          <FolderFilter label="all" count={total} href="/gallery" selected={selectedFolder === null} />
          {folders.map((folder) => (
            <FolderFilter
              key={folder.name}
              label={folder.name}
              count={folder.count}
              href={`/gallery?${new URLSearchParams({ [FOLDER_PARAM]: folder.name })}`}
              selected={folder.name === selectedFolder}
            />
          ))}
        </ul>
        {showAlbums ? (
          <section aria-labelledby="albums-heading" className="mb-10">
            <h2 id="albums-heading" className="mb-4 text-2xl font-semibold">
              Albums
            </h2>
            <AlbumCards albums={albums} />
          </section>
        ) : null}
        {showAlbums ? <h2 className="mb-4 text-2xl font-semibold">All photos</h2> : null}
        <GalleryGrid images={images} empty={selectedFolder ? `No images in "${selectedFolder}" folder.` : 'No images in gallery yet.'} />
        {pages.pageCount > 1 ? <ListPager pages={pages} thing="photo" /> : null}
      </div>
    </>
  )
}
