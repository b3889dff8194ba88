import { ImageOff, Pencil } from 'lucide-react'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { focalObjectPosition } from '#app/domain/media/media.schema.ts'
import { galleryImageAlt } from '#app/components/site/gallery-image-alt.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { GALLERY_MESSAGES, type AdminGalleryImage } from '#app/domain/gallery/gallery.schema.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

const THUMBNAIL_SIZES = '(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw'

interface GalleryImageGridProps {
  images: AdminGalleryImage[]
  deletingId: unknown
  onEdit: (image: AdminGalleryImage) => void
  onDelete: (image: AdminGalleryImage) => void
}

/** 1, 2 or 3 columns; each tile with its folder, its title and a delete button shown on hover or keyboard focus. */
export function GalleryImageGrid({ images, deletingId, onEdit, onDelete }: GalleryImageGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((image) => (
        <li key={image.id} className="group relative overflow-hidden rounded-lg border border-border bg-card">
          <img
            src={image.imageUrl}
            srcSet={imageSrcSet(image.imageUrl)}
            sizes={THUMBNAIL_SIZES}
            alt={galleryImageAlt(image)}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full bg-muted object-cover"
            style={{ objectPosition: focalObjectPosition(image.focal) }}
          />
          <div className="flex items-center gap-2 p-3">
            <Badge variant="secondary">{image.folder || image.listedUnder}</Badge>
            {image.folder && image.folder !== image.listedUnder ? <Badge variant="outline">Needs reassignment</Badge> : null}
            <p className="min-w-0 truncate text-sm font-medium">{image.title || <span className="text-muted-foreground">Untitled</span>}</p>
          </div>
          {!image.alt && !image.decorative ? (
            <div className="px-3 pb-3">
              <Badge variant="outline" className="gap-1 border-amber-400 text-amber-900">
                <ImageOff aria-hidden />
                No alt text
              </Badge>
            </div>
          ) : null}
          {/* Hidden until hover on devices that can hover; always there for touch, and shown to keyboard focus. */}
          <div className="absolute top-2 right-2 flex rounded-md bg-background/90 shadow-sm transition-opacity pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 motion-reduce:transition-none">
            <Button variant="ghost" size="icon" aria-label={`Edit image ${image.title || 'Untitled'}`} onClick={() => onEdit(image)}>
              <Pencil aria-hidden />
            </Button>
            <ConfirmDelete
              label={`Delete image ${image.title || 'Untitled'}`}
              question={GALLERY_MESSAGES.confirmDeleteImage}
              pending={deletingId === image.id}
              onConfirm={() => onDelete(image)}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
