import { Captions, FolderInput, FolderPlus, Trash2, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { BulkToolbar, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { GalleryNewAlbumDialog } from '#app/components/admin/gallery-new-album-dialog.tsx'
import { GalleryFolderDialog } from '#app/components/admin/gallery-folder-dialog.tsx'
import { FOLDER_PAGE_PARAM, FOLDER_PARAM, GalleryFolderFilters } from '#app/components/admin/gallery-folder-filters.tsx'
import { GalleryImageDialog } from '#app/components/admin/gallery-image-dialog.tsx'
import { GalleryImageGrid, type MoveDirection } from '#app/components/admin/gallery-image-grid.tsx'
import { GalleryUploadDialog } from '#app/components/admin/gallery-upload-dialog.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { movedTo } from '#app/components/admin/sortable-list.tsx'
import { useGalleryFolderNames } from '#app/components/admin/use-gallery-folder-names.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
  createGalleryFolder,
  deleteGalleryFolder,
  deleteGalleryImage,
  deleteGalleryImages,
  listAdminGallery,
  moveGalleryImages,
  moveGalleryImageTo,
  publishGalleryFolder,
  updateGalleryFolder,
  updateGalleryImage,
  uploadGalleryImages,
} from '#app/domain/gallery/gallery-admin.server.ts'
import {
  deletedMessage,
  GALLERY_MESSAGES,
  galleryActionSchema,
  movedMessage,
  galleryFormValues,
  galleryImageChangesOf,
  uploadedMessage,
  uploadFolderOf,
  type AdminGalleryFolder,
  type AdminGalleryImage,
} from '#app/domain/gallery/gallery.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { countOf, readListParams, readPageParam } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/gallery.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, page } = readListParams(request.url)
  const folder = new URL(request.url).searchParams.get(FOLDER_PARAM)
  return await listAdminGallery({ folder, search, page, folderPage: readPageParam(request.url, FOLDER_PAGE_PARAM) })
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(galleryActionSchema, request, galleryFormValues)
    switch (submission.intent) {
      case 'upload': {
        const images = await uploadGalleryImages({ files: submission.images, folder: uploadFolderOf(submission), title: submission.title })
        return uploadedMessage(images.length)
      }
      case 'update-folder':
        await updateGalleryFolder(submission.id, submission)
        return GALLERY_MESSAGES.folderUpdated
      case 'delete-folder':
        await deleteGalleryFolder(submission.id)
        return GALLERY_MESSAGES.folderDeleted
      case 'delete-image':
        await deleteGalleryImage(submission.id)
        return GALLERY_MESSAGES.imageDeleted
      case 'update':
        await updateGalleryImage(submission.id, galleryImageChangesOf(submission))
        return GALLERY_MESSAGES.imageUpdated
      case 'create-folder':
        await createGalleryFolder({ name: submission.name, description: submission.description })
        return GALLERY_MESSAGES.albumCreated
      case 'publish-folder':
        await publishGalleryFolder(submission.id)
        return GALLERY_MESSAGES.albumPublished
      case 'move-images': {
        const moved = await moveGalleryImages(submission.ids, submission.folder)
        return movedMessage(moved.count, moved.folder)
      }
      case 'delete-images':
        return deletedMessage(await deleteGalleryImages(submission.ids))
      case 'place-image':
        await moveGalleryImageTo(submission.id, submission.place, submission.from)
        return GALLERY_MESSAGES.orderSaved
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Gallery Management | Admin Panel' }]

export default function GalleryAdmin({ loaderData }: Route.ComponentProps) {
  const { images, pages, folders, folderPages, folder: selected, search, total, matching, reorderable, covers } = loaderData
  const [uploadOpen, setUploadOpen] = useState(false)
  const [newAlbumOpen, setNewAlbumOpen] = useState(false)
  const [editingFolder, setEditingFolder] = useState<AdminGalleryFolder | null>(null)
  const [editingImage, setEditingImage] = useState<AdminGalleryImage | null>(null)
  // Deletes go through the list's fetcher: a deleted tile unmounts before it could announce itself.
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')
  const [moveTo, setMoveTo] = useState('')
  const orderer = useFetcher<ActionResult>()
  useActionToast(orderer)
  const [announcement, setAnnouncement] = useState('')
  // The album's place of the page's first photo: a tile's place in the album is this plus its index.
  const firstPlace = (pages.page - 1) * pages.pageSize
  const shown = withPendingMove(images, orderer.state === 'idle' ? undefined : orderer.formData, firstPlace)
  const selection = useBulkSelection(shown.map((image) => image.id))
  const moveChoices = useGalleryFolderNames(selection.ids.length > 0) ?? []

  // A photo moved off this page takes its buttons with it: the keyboard goes on from the same button of the photo
  // that comes to its place, so pressing again keeps moving through the album.
  const refocus = useRef<{ place: number; direction: MoveDirection } | null>(null)
  useEffect(() => {
    if (orderer.state !== 'idle' || !refocus.current) return
    const { place, direction } = refocus.current
    refocus.current = null
    document.querySelector<HTMLButtonElement>(`[data-place="${place}"] [data-move="${direction}"]:not(:disabled)`)?.focus()
  }, [orderer.state, images])

  function move(image: AdminGalleryImage, to: number) {
    const from = firstPlace + images.indexOf(image)
    if (to < firstPlace || to >= firstPlace + images.length) refocus.current = { place: from, direction: to < from ? 'earlier' : 'later' }
    setAnnouncement(movedTo(`"${image.title || 'Untitled'}"`, to + 1, pages.total))
    void orderer.submit({ intent: 'place-image', id: image.id, place: String(to), from: String(from) }, { method: 'post' })
  }

  return (
    <>
      <AdminPageHeader
        title="Gallery Management"
        description={countOf(total, 'image')}
        actions={
          <>
            {selected && images.length > 0 ? (
              <Button asChild variant="outline">
                <Link to={`/admin/gallery/describe?${new URLSearchParams({ [FOLDER_PARAM]: selected })}`}>
                  <Captions aria-hidden />
                  Describe photos
                </Link>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setNewAlbumOpen(true)}>
              <FolderPlus aria-hidden />
              New album
            </Button>
            <Button onClick={() => setUploadOpen(true)}>
              <Upload aria-hidden />
              Upload Images
            </Button>
          </>
        }
      />
      <GalleryFolderFilters total={matching} folders={folders} pages={folderPages} selected={selected} onEdit={setEditingFolder} />
      <AdminListSearch label="Search images by title or alt text" query={search} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {total === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-medium">No images in gallery yet</p>
          <p className="mt-1 text-muted-foreground">Upload your first image above</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {search ? listNoMatchText(selected ? `images in \u201c${selected}\u201d` : 'images', search) : <>No images in &ldquo;{selected}&rdquo; folder.</>}
        </p>
      ) : (
        <>
          <BulkToolbar selection={selection} thing="image" actions={[{ intent: 'delete-images', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true }]}>
            <label className="flex items-center gap-2 text-sm">
              <span>Move to album</span>
              <select value={moveTo} onChange={(event) => setMoveTo(event.target.value)} className="h-8 rounded-md border border-input bg-transparent px-2 text-sm">
                <option value="">Choose…</option>
                {moveChoices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="outline" size="sm" disabled={!moveTo || !selection.ids.length || selection.busy} onClick={() => selection.run('move-images', { folder: moveTo })}>
              <FolderInput aria-hidden />
              Move
            </Button>
          </BulkToolbar>
          {selected && !reorderable && !search && pages.total > 1 ? (
            <p className="mb-4 text-sm text-muted-foreground">Photos waiting to be moved here from deleted folders keep this album from being reordered.</p>
          ) : null}
          <GalleryImageGrid
            images={shown}
            deletingId={deletingId}
            onEdit={setEditingImage}
            onDelete={(image) => void remover.submit({ intent: 'delete-image', id: image.id }, { method: 'post' })}
            selected={selection}
            onToggle={(image, checked) => selection.toggle(image.id, checked)}
            places={reorderable ? { first: firstPlace, count: pages.total } : undefined}
            onMove={reorderable ? move : undefined}
          />
          <ListPager pages={pages} thing="image" />
        </>
      )}
      {uploadOpen ? <GalleryUploadDialog onClose={() => setUploadOpen(false)} /> : null}
      {newAlbumOpen ? <GalleryNewAlbumDialog onClose={() => setNewAlbumOpen(false)} /> : null}
      {editingFolder ? (
        <GalleryFolderDialog
          folder={editingFolder}
          cover={covers[editingFolder.id] ?? null}
          photos={images.filter((image) => image.folder === editingFolder.name)}
          onClose={() => setEditingFolder(null)}
        />
      ) : null}
      {editingImage ? <GalleryImageDialog image={editingImage} onClose={() => setEditingImage(null)} /> : null}
    </>
  )
}

/** While a move is on its way, the page shows it: the photo at its new place, or gone when its place is on another page. */
function withPendingMove(images: AdminGalleryImage[], form: FormData | undefined, firstPlace: number) {
  const id = form?.get('intent') === 'place-image' ? form.get('id') : null
  const moving = images.find((image) => image.id === id)
  if (!moving) return images
  const to = Number(form?.get('place')) - firstPlace
  const rest = images.filter((image) => image !== moving)
  if (to >= 0 && to < images.length) rest.splice(to, 0, moving)
  return rest
}
