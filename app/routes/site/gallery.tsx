import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CardList } from '#app/components/site/card-list.tsx'
import { galleryImageAlt, ImageLightbox } from '#app/components/site/image-lightbox.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicGallery } from '#app/domain/gallery/gallery.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { FolderFilterLink } from '#app/components/site/folder-filter-link.tsx'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { focalObjectPosition } from '#app/domain/media/media.schema.ts'
import type { Route } from './+types/gallery.ts'

const FOLDER_PARAM = 'folder'
/** Thumbnails in the first row (up to 3 columns) load at once; the rest wait until scrolled near. */
const EAGER_THUMBNAILS = 3
const THUMBNAIL_SIZES = '(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw'

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
  const { images, folders } = loaderData
  const [searchParams] = useSearchParams()
  const selectedFolder = searchParams.get(FOLDER_PARAM) || null
  const shown = selectedFolder ? images.filter((image) => image.folder === selectedFolder) : images
  const [lightboxOpen, setLightboxOpen] = useState(false)
  const [lightboxIndex, setLightboxIndex] = useState(0)
  const opener = useRef<HTMLButtonElement | null>(null)
  // Going back or forward to another folder while the view is open closes it (state adjusted during render).
  const [lightboxFolder, setLightboxFolder] = useState(selectedFolder)
  if (lightboxFolder !== selectedFolder) {
    setLightboxFolder(selectedFolder)
    setLightboxOpen(false)
  }

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
        <CardList
          items={shown}
          empty={selectedFolder ? `No images in "${selectedFolder}" folder.` : 'No images in gallery yet.'}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          renderCard={(image, index) => (
            <button
              type="button"
              className="group relative block w-full overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden"
              onClick={(event) => {
                opener.current = event.currentTarget
                setLightboxIndex(index)
                setLightboxOpen(true)
              }}
            >
              <img
                src={image.imageUrl}
                srcSet={imageSrcSet(image.imageUrl)}
                sizes={THUMBNAIL_SIZES}
                alt={galleryImageAlt(image)}
                loading={index < EAGER_THUMBNAILS ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                style={{ objectPosition: focalObjectPosition(image.focal) }}
              />
              {image.title ? (
                <span
                  aria-hidden
                  className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-3 pt-8 pb-2 text-left text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                >
                  {image.title}
                </span>
              ) : null}
            </button>
          )}
        />
      </div>
      <ImageLightbox
        images={shown}
        open={lightboxOpen}
        onOpenChange={setLightboxOpen}
        index={lightboxIndex}
        onIndexChange={setLightboxIndex}
        onClosed={() => opener.current?.focus()}
      />
    </>
  )
}
