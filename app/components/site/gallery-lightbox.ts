import PhotoSwipe, { type SlideData } from 'photoswipe'
import 'photoswipe/style.css'
import { galleryCaption, galleryImageAlt } from '#app/components/site/gallery-image-alt.ts'
import { IMAGE_MAX_WIDTH, imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import type { GalleryGridImage } from './gallery-grid.tsx'

/*
 * The enlarged view of /gallery and the album pages: PhotoSwipe, loaded by a
 * dynamic import only once a visitor opens a photo, so the page itself stays
 * light. It shows each photo full screen at the size the screen needs (from
 * the same width copies as the tiles), swipes between photos, zooms by pinch
 * or double tap, closes with Escape, and puts focus back on the tile of the
 * photo last shown.
 */

/** Until a photo has loaded its shape is unknown: the tiles' 4:3 stands in. */
const FALLBACK_RATIO = 3 / 4

/** The shape of a photo from its tile, when the tile's picture has loaded (any width copy has the same shape). */
function tileRatio(index: number): number | undefined {
  const img = document.querySelector<HTMLImageElement>(`[data-gallery-tile="${index}"] img`)
  return img?.complete && img.naturalWidth > 0 ? img.naturalHeight / img.naturalWidth : undefined
}

function tileOf(index: number) {
  return document.querySelector<HTMLAnchorElement>(`[data-gallery-tile="${index}"]`)
}

/**
 * Stored photos are at most IMAGE_MAX_WIDTH wide: that width with the photo's
 * own shape gives PhotoSwipe what it needs to fit and zoom.
 */
function slideOf(image: GalleryGridImage, ratio: number): SlideData {
  return {
    src: image.imageUrl,
    srcset: imageSrcSet(image.imageUrl),
    width: IMAGE_MAX_WIDTH,
    height: Math.round(IMAGE_MAX_WIDTH * ratio),
    alt: galleryImageAlt(image),
  }
}

export function openGalleryLightbox(images: readonly GalleryGridImage[], index: number) {
  const ratios = new Map<number, number>()
  const ratioOf = (at: number) => ratios.get(at) ?? tileRatio(at) ?? FALLBACK_RATIO
  const pswp = new PhotoSwipe({
    dataSource: images.map((image, at) => slideOf(image, ratioOf(at))),
    index,
    closeTitle: 'Close',
    zoomTitle: 'Zoom',
    arrowPrevTitle: 'Previous image',
    arrowNextTitle: 'Next image',
    indexIndicatorSep: ' of ',
    bgOpacity: 1,
    showHideAnimationType: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'none' : 'zoom',
    // A tap shows or hides the controls; a double tap zooms.
    tapAction: 'toggle-controls',
    doubleTapAction: 'zoom',
    // Focus goes back to the tile of the photo last shown (below), not to the one first opened.
    returnFocus: false,
  })
  pswp.addFilter('itemData', (data, at) => ({ ...data, ...slideOf(images[at]!, ratioOf(at)) }))
  // PhotoSwipe's own code takes no element (no zoom-in animation) although its type says otherwise.
  pswp.addFilter('thumbEl', (thumb, _data, at) => tileOf(at)?.querySelector('img') ?? (thumb as HTMLElement))
  // A photo whose tile had not loaded yet was opened as 4:3: once it arrives, it is laid out in its own shape.
  pswp.on('loadComplete', ({ content, slide }) => {
    const img = content.element
    if (!(img instanceof HTMLImageElement) || img.naturalWidth === 0 || ratios.has(slide.index)) return
    const ratio = img.naturalHeight / img.naturalWidth
    ratios.set(slide.index, ratio)
    if (Math.abs(ratio - (content.height / content.width || 0)) > 0.01) pswp.refreshSlideContent(slide.index)
  })
  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element) => {
        element.className = 'absolute inset-x-0 bottom-0 bg-black/60 px-4 py-3 text-center text-base text-white'
        element.setAttribute('aria-live', 'polite')
        pswp.on('change', () => {
          const image = images[pswp.currIndex]
          element.textContent = image ? galleryCaption(image) : ''
          // The dialog is named after the photo on show, as the caption says.
          pswp.element?.setAttribute('aria-label', element.textContent)
        })
      },
    })
  })
  pswp.on('bindEvents', () => pswp.element?.setAttribute('aria-modal', 'true'))
  pswp.on('destroy', () => tileOf(pswp.currIndex)?.focus())
  pswp.init()
  return pswp
}
