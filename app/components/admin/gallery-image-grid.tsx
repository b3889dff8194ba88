import { rectSortingStrategy } from '@dnd-kit/sortable'
import { ArrowLeft, ArrowRight, ImageOff, Pencil } from 'lucide-react'
import type { BulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { DragHandle, SortableArea, useSortableItem } from '#app/components/admin/sortable-list.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { focalObjectPosition } from '#app/domain/media/media.schema.ts'
import { galleryImageAlt } from '#app/components/site/gallery-image-alt.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { GALLERY_MESSAGES, type AdminGalleryImage } from '#app/domain/gallery/gallery.schema.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { cn } from '#app/lib/utils.ts'

const THUMBNAIL_SIZES = '(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw'

/** Which of a tile's move buttons: each tile carries `data-place` (its place in the album) and its buttons `data-move`. */
export type MoveDirection = 'earlier' | 'later'

interface GalleryImageGridProps {
  images: AdminGalleryImage[]
  deletingId: unknown
  onEdit: (image: AdminGalleryImage) => void
  onDelete: (image: AdminGalleryImage) => void
  selected: Pick<BulkSelection, 'has'>
  onToggle: (image: AdminGalleryImage, checked: boolean) => void
  /** While one album is shown: the album's place of the page's first photo, and the album's photo count. */
  places?: { first: number; count: number }
  /** Given with `places`: its photos can be put in order, by drag or by the buttons; `to` is the place in the whole album, from 0. */
  onMove?: (image: AdminGalleryImage, to: number) => void
}

const nameOf = (image: AdminGalleryImage) => image.title || 'Untitled'

/**
 * 1, 2 or 3 columns; each tile with its selection box, its folder, its title,
 * edit and delete buttons shown on hover or keyboard focus and, in an album,
 * a drag handle and 'Move earlier' / 'Move later'. A drag stays within the
 * page; the buttons also cross to the neighbouring page (the first photo of
 * page 2 moves earlier to the end of page 1).
 */
export function GalleryImageGrid({ images, onMove, places, ...tile }: GalleryImageGridProps) {
  const ids = images.map((image) => image.id)
  const first = places?.first ?? 0
  return (
    <SortableArea
      id="gallery-images"
      items={ids}
      nameOf={(id) => `"${nameOf(images[ids.indexOf(id)]!)}"`}
      onMove={(from, to) => onMove?.(images[from]!, first + to)}
      strategy={rectSortingStrategy}
      disabled={!onMove}
      places={places}
    >
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {images.map((image, index) => (
          <ImageTile key={image.id} image={image} place={first + index} count={places?.count ?? images.length} onMove={places ? onMove : undefined} {...tile} />
        ))}
      </ul>
    </SortableArea>
  )
}

function ImageTile({
  image,
  place,
  count,
  deletingId,
  onEdit,
  onDelete,
  selected,
  onToggle,
  onMove,
}: Omit<GalleryImageGridProps, 'images' | 'places'> & { image: AdminGalleryImage; place: number; count: number }) {
  const { setNodeRef, style, isDragging, handle } = useSortableItem(image.id, !onMove)
  const checked = selected.has(image.id)
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn('group relative overflow-hidden rounded-lg border border-border bg-card', checked && 'ring-2 ring-primary', isDragging && 'z-10 shadow-lg')}
      data-place={place}
    >
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
      <label className="absolute top-2 left-2 flex size-11 cursor-pointer items-center justify-center rounded-md bg-background/90 shadow-sm">
        <input type="checkbox" className="size-5 accent-primary" checked={checked} onChange={(event) => onToggle(image, event.target.checked)} />
        <span className="sr-only">Select image {nameOf(image)}</span>
      </label>
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
      {onMove ? (
        <div className="flex items-center gap-1 border-t px-2 py-1">
          <DragHandle label={`Drag to reorder ${nameOf(image)}`} handle={handle} />
          <Button variant="ghost" size="sm" disabled={place === 0} onClick={() => onMove(image, place - 1)} data-move={'earlier' satisfies MoveDirection}>
            <ArrowLeft aria-hidden />
            Move earlier<span className="sr-only">: {nameOf(image)}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={place === count - 1} onClick={() => onMove(image, place + 1)} data-move={'later' satisfies MoveDirection}>
            Move later<span className="sr-only">: {nameOf(image)}</span>
            <ArrowRight aria-hidden />
          </Button>
        </div>
      ) : null}
      {/* Hidden until hover on devices that can hover; always there for touch, and shown to keyboard focus. */}
      <div className="absolute top-2 right-2 flex rounded-md bg-background/90 shadow-sm transition-opacity pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 motion-reduce:transition-none">
        <Button variant="ghost" size="icon" aria-label={`Edit image ${nameOf(image)}`} onClick={() => onEdit(image)}>
          <Pencil aria-hidden />
        </Button>
        <ConfirmDelete
          label={`Delete image ${nameOf(image)}`}
          question={GALLERY_MESSAGES.confirmDeleteImage}
          pending={deletingId === image.id}
          onConfirm={() => onDelete(image)}
        />
      </div>
    </li>
  )
}
