import { useSearchParams } from 'react-router'
import { AlbumCards } from '#app/components/site/album-cards.tsx'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { GalleryGrid } from '#app/components/site/gallery-grid.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicGallery } from '#app/domain/gallery/gallery.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/gallery.ts'

const FOLDER_PARAM = 'folder'

export async function loader() {
  return await getPublicGallery()
}

export function meta({ matches }: Route.MetaArgs) {
  const schoolName = matches[1]?.loaderData?.shell.title
  return pageMeta(matches, {
    title: 'Gallery',
    description: `Photos of school life at ${schoolName ?? 'our school'}: events, trips, clubs and everyday moments.`,
    path: '/gallery',
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
  const { images, folders, albums } = loaderData
  const [searchParams] = useSearchParams()
  const selectedFolder = searchParams.get(FOLDER_PARAM) || null
  const shown = selectedFolder ? images.filter((image) => image.folder === selectedFolder) : images

  return (
    <>
      <PageBanner page="galleryPage" title="Gallery" />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul aria-label="Folders" className="mb-8 flex flex-wrap justify-center gap-2">
          <FolderFilter label="all" count={images.length} href="/gallery" selected={selectedFolder === null} />
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
        {selectedFolder === null && albums.length > 0 ? (
          <section aria-labelledby="albums-heading" className="mb-10">
            <h2 id="albums-heading" className="mb-4 text-2xl font-semibold">
              Albums
            </h2>
            <AlbumCards albums={albums} />
          </section>
        ) : null}
        {selectedFolder === null && albums.length > 0 ? (
          <h2 className="mb-4 text-2xl font-semibold">All photos</h2>
        ) : null}
        <GalleryGrid
          images={shown}
          empty={selectedFolder ? `No images in "${selectedFolder}" folder.` : 'No images in gallery yet.'}
        />
      </div>
    </>
  )
}
