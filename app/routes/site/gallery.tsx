import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { AlbumCards } from '#app/components/site/album-cards.tsx'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { GalleryGrid } from '#app/components/site/gallery-grid.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicAlbumIndex, getPublicGallery, type PublicGallery } from '#app/domain/gallery/gallery.server.ts'
import type { PublicAlbum } from '#app/domain/gallery/gallery.schema.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { pagedPath, pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/gallery.ts'

const FOLDER_PARAM = 'folder'
const ALBUMS_PARAM = 'albums'
/** The address of every album's card; `/gallery` itself shows the newest only. */
const ALL_ALBUMS_PATH = `/gallery?${ALBUMS_PARAM}=all`
const GALLERY_EMPTY = 'No images in gallery yet.'

/**
 * `?albums=all` lists every album's card and no photos; any other value is
 * ignored. Else `?folder=` and `?page=` as typed: a folder that is not shown
 * lists nothing, a page that is not a number is the first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  if (params.get(ALBUMS_PARAM) === 'all') return { view: 'albums' as const, ...(await getPublicAlbumIndex()) }
  const { page } = readListParams(request.url)
  const folder = params.get(FOLDER_PARAM) || null
  return { view: 'photos' as const, ...(await getPublicGallery({ folder, page })) }
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const schoolName = matches[1]?.loaderData?.shell.title
  // A folder's photos are the gallery's again: its pages point search engines to the whole gallery's.
  const folder = new URLSearchParams(location.search).get(FOLDER_PARAM)
  if (loaderData?.view === 'albums') {
    return pageMeta(matches, {
      title: 'Gallery albums',
      description: `Every photo album of ${schoolName ?? 'our school'}: events, trips, clubs and everyday moments.`,
      path: ALL_ALBUMS_PATH,
    })
  }
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

function AlbumsSection({ albums, children }: { albums: readonly PublicAlbum[]; children?: ReactNode }) {
  return (
    <section aria-labelledby="albums-heading" className="mb-10">
      <h2 id="albums-heading" className="mb-4 text-2xl font-semibold">
        Albums
      </h2>
      <AlbumCards albums={albums} />
      {children}
    </section>
  )
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { total, folders } = loaderData
  const [searchParams] = useSearchParams()
  // On the album index no filter is pressed: 'all' is all photos, which that page does not show.
  const selectedFolder = loaderData.view === 'photos' ? searchParams.get(FOLDER_PARAM) || null : undefined

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
        {loaderData.view === 'albums' ? (
          loaderData.albums.length > 0 ? (
            <AlbumsSection albums={loaderData.albums} />
          ) : (
            // No album with photos is no photo at all: the gallery's own empty text says so.
            <GalleryGrid images={[]} empty={GALLERY_EMPTY} />
          )
        ) : (
          <PhotoPage gallery={loaderData} selectedFolder={selectedFolder ?? null} />
        )}
      </div>
    </>
  )
}

function PhotoPage({ gallery, selectedFolder }: { gallery: PublicGallery; selectedFolder: string | null }) {
  const { images, pages, albums, albumCount } = gallery
  // The albums lead the first page of all photos (the loader sends them there only); further pages go on with the photos alone.
  const showAlbums = albums.length > 0
  return (
    <>
      {showAlbums ? (
        <AlbumsSection albums={albums}>
          {albumCount > albums.length ? (
            <p className="mt-6 text-center">
              <Link to={ALL_ALBUMS_PATH} className="font-medium text-primary underline underline-offset-4">
                {`See all ${albumCount} albums`}
              </Link>
            </p>
          ) : null}
        </AlbumsSection>
      ) : null}
      {showAlbums ? <h2 className="mb-4 text-2xl font-semibold">All photos</h2> : null}
      <GalleryGrid images={images} empty={selectedFolder ? `No images in "${selectedFolder}" folder.` : GALLERY_EMPTY} />
      {pages.pageCount > 1 ? <ListPager pages={pages} thing="photo" /> : null}
    </>
  )
}
