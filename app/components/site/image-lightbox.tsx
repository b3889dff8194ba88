import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

export interface LightboxImage {
  id: string
  title: string | null
  imageUrl: string
  alt: string
}

/**
 * What a gallery photo is read as: its alt text, else its title; an
 * undescribed, untitled photo still needs a name. In a gallery the photo is
 * the content, so one marked decorative is still named.
 */
export function galleryImageAlt(image: Pick<LightboxImage, 'title' | 'alt'>) {
  return image.alt || image.title || 'Gallery image'
}

/** The lightbox's heading: the title, else what the photo shows. */
function lightboxHeading(image: Pick<LightboxImage, 'title' | 'alt'>) {
  return image.title || image.alt || 'Gallery image'
}

interface ImageLightboxProps {
  images: readonly LightboxImage[]
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The image on show; kept while closed, so the closing animation still shows it. */
  index: number
  onIndexChange: (index: number) => void
  /** Called once the view has closed, to put focus back where the visitor was. */
  onClosed: () => void
}

const navButtonClass =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-background/85 text-foreground shadow-md transition-colors hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden'

/**
 * An enlarged view of one image with its title. Previous and next (buttons or
 * the arrow keys) wrap around the list; Escape closes.
 */
export function ImageLightbox({ images, open, onOpenChange, index, onIndexChange, onClosed }: ImageLightboxProps) {
  const image = images[index]
  const count = images.length
  const step = (by: number) => onIndexChange((index + by + count) % count)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1)
    else if (event.key === 'ArrowRight') step(1)
    else return
    event.preventDefault()
  }

  return (
    <Dialog open={open && image !== undefined} onOpenChange={onOpenChange}>
      {image ? (
        <DialogContent
          className="gap-3 p-4 sm:max-w-5xl sm:p-6"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed()
          }}
        >
          <DialogHeader className="pr-8">
            <DialogTitle className="text-xl">{lightboxHeading(image)}</DialogTitle>
            <DialogDescription>
              Image {index + 1} of {count}
            </DialogDescription>
          </DialogHeader>
          <div className="relative">
            <img
              key={image.id}
              src={image.imageUrl}
              srcSet={imageSrcSet(image.imageUrl)}
              sizes="(min-width: 1024px) 62rem, 100vw"
              alt={galleryImageAlt(image)}
              className="aspect-[4/3] max-h-[70dvh] w-full rounded-md object-contain"
            />
            {count > 1 ? (
              <>
                <button type="button" aria-label="Previous image" className={`${navButtonClass} left-2`} onClick={() => step(-1)}>
                  <ChevronLeft aria-hidden className="size-6" />
                </button>
                <button type="button" aria-label="Next image" className={`${navButtonClass} right-2`} onClick={() => step(1)}>
                  <ChevronRight aria-hidden className="size-6" />
                </button>
              </>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
