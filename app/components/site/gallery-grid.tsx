import type { MouseEvent } from 'react'
import { CardList } from '#app/components/site/card-list.tsx'
import { galleryImageAlt } from '#app/components/site/gallery-image-alt.ts'
import { focalObjectPosition } from '#app/domain/media/media.schema.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

export interface GalleryGridImage {
  id: string
  title: string | null
  imageUrl: string
  alt: string
  focal: { x: number; y: number }
}

/** The grid's classes; the skeleton shown while /gallery loads draws the same grid. */
export const GALLERY_GRID_CLASS = 'grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4'

/**
 * The tile's CSS width at each breakpoint of GALLERY_GRID_CLASS inside the
 * page's `max-w-6xl px-4` column (72rem less 1rem each side): 4 columns with
 * 1rem gaps from 1024 px (fixed once the column stops growing at 72rem),
 * 3 with 1rem gaps from 640 px, 2 with a 0.5rem gap below. The browser picks
 * the smallest file that covers this width at the screen's pixel density.
 * On phones the slot is given as two thirds of the tile, which caps the grid
 * at twice the tile's CSS pixels: a 3x phone then loads the 480 px copy for a
 * 175 px tile (2.7 pixels per CSS pixel) instead of the 960 px one, a quarter
 * of the bytes for a difference no eye sees at thumbnail size; the lightbox
 * still shows the full photo.
 */
export const GALLERY_TILE_SIZES = [
  '(min-width: 72rem) 16.75rem',
  '(min-width: 64rem) calc(25vw - 1.25rem)',
  '(min-width: 40rem) calc(33.33vw - 1.34rem)',
  'calc((50vw - 1.25rem) / 1.5)',
].join(', ')

/** The first row (up to 4 tiles) loads at once; the rest wait until scrolled near. */
const EAGER_TILES = 4

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
          {/* Inside <picture> React does not hoist a <link rel=preload> for the tile into the head: Chromium on a
              phone was seen to size such a preload for a desktop-wide viewport, fetch the 960 px file and then
              show that one instead of the 480 px copy. */}
          <picture className="contents">
            <img
              src={image.imageUrl}
              srcSet={imageSrcSet(image.imageUrl)}
              sizes={GALLERY_TILE_SIZES}
              alt={galleryImageAlt(image)}
              // The tile's shape, so the page does not move as photos arrive (CSS sets the real size).
              width={480}
              height={360}
              loading={index < EAGER_TILES ? 'eager' : 'lazy'}
              decoding="async"
              className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              style={{ objectPosition: focalObjectPosition(image.focal) }}
            />
          </picture>
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
