import type { MouseEvent } from 'react'
import { CardList } from '#app/components/site/card-list.tsx'
import { galleryImageAlt } from '#app/components/site/gallery-image-alt.ts'
import { GalleryTileImage } from '#app/components/site/gallery-tile-image.tsx'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'

export interface GalleryGridImage {
  id: string
  title: string | null
  imageUrl: string
  alt: string
  focal: { x: number; y: number }
}

/** The grid's classes; the skeleton shown while /gallery loads draws the same grid. */
export const GALLERY_GRID_CLASS = 'grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4'

/** The first row (up to 4 tiles) loads at once; the rest wait until scrolled near. */
export const EAGER_TILES = 4

/** PhotoSwipe arrives only when a photo is opened, so the page's own script stays small. */
function openLightbox(images: readonly GalleryGridImage[], index: number) {
  void import('./gallery-lightbox.ts').then(({ openGalleryLightbox }) => openGalleryLightbox(images, index))
}

/**
 * Tiles are links to the full photo, so without JavaScript a tap still opens
 * it; with JavaScript the enlarged view opens instead.
 */
export function GalleryGrid({ images, empty }: { images: readonly GalleryGridImage[]; empty: string }) {
  return (
    <CardList
      items={images}
      empty={empty}
      className={GALLERY_GRID_CLASS}
      renderCard={(image, index) => (
        <a
          href={image.imageUrl}
          data-gallery-tile={index}
          className="group relative block overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden"
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            // A new tab or window (modifier keys, middle button) still gets the plain file.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
            event.preventDefault()
            openLightbox(images, index)
          }}
        >
          <GalleryTileImage
            url={image.imageUrl}
            alt={galleryImageAlt(image)}
            eager={index < EAGER_TILES}
            className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
            style={{ objectPosition: focalObjectPosition(image.focal) }}
          />
          {image.title ? (
            <span
              aria-hidden
              className="absolute inset-x-0 bottom-0 hidden bg-gradient-to-t from-black/70 to-transparent px-3 pt-8 pb-2 text-left text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 sm:block"
            >
              {image.title}
            </span>
          ) : null}
        </a>
      )}
    />
  )
}
