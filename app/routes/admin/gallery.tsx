import { FolderPlus, Upload } from 'lucide-react'
import { useState } from 'react'
import { useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { GalleryNewAlbumDialog } from '#app/components/admin/gallery-new-album-dialog.tsx'
import { GalleryFolderDialog } from '#app/components/admin/gallery-folder-dialog.tsx'
import { FOLDER_PARAM, GalleryFolderFilters } from '#app/components/admin/gallery-folder-filters.tsx'
import { GalleryImageDialog } from '#app/components/admin/gallery-image-dialog.tsx'
import { GalleryImageGrid } from '#app/components/admin/gallery-image-grid.tsx'
import { GalleryUploadDialog } from '#app/components/admin/gallery-upload-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  createGalleryFolder,
  deleteGalleryFolder,
  deleteGalleryImage,
  deleteGalleryImages,
  getAdminGallery,
  moveGalleryImages,
  publishGalleryFolder,
  reorderGalleryImages,
  updateGalleryFolder,
  updateGalleryImage,
  uploadGalleryImages,
} from '#app/domain/gallery/gallery-admin.server.ts'
import {
  confirmDeleteImages,
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
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import type { Route } from './+types/gallery.ts'
import { movedTo } from '#app/components/admin/sortable-list.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return await getAdminGallery()
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
        await createGalleryFolder({ name: submission.name, description: submission.description, externalUse: true, enabled: false })
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
      case 'reorder':
        await reorderGalleryImages(submission.folder, submission.ids)
        return GALLERY_MESSAGES.orderSaved
    }
  })
}

/** Choosing a folder filter only changes the URL's search: the loaded gallery already holds every image. A revalidation (same URL) still loads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false
  return defaultShouldRevalidate
}

export const meta: Route.MetaFunction = () => [{ title: 'Gallery Management | Admin Panel' }]

/** In an album: by place, then newest first, as its public page shows it. */
function byPlace(a: AdminGalleryImage, b: AdminGalleryImage) {
  return a.position - b.position || b.createdAt.localeCompare(a.createdAt)
}

function formWith(fields: Record<string, string>, ids: readonly string[]) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  for (const id of ids) form.append('ids', id)
  return form
}

export default function GalleryAdmin({ loaderData }: Route.ComponentProps) {
  const { images, folders } = loaderData
  const [searchParams] = useSearchParams()
  // A folder renamed or deleted while selected falls back to 'all'.
  const requested = searchParams.get(FOLDER_PARAM)
  const selected = folders.some((folder) => folder.name === requested) ? requested : null
  const [uploadOpen, setUploadOpen] = useState(false)
  const [newAlbumOpen, setNewAlbumOpen] = useState(false)
  const [editingFolder, setEditingFolder] = useState<AdminGalleryFolder | null>(null)
  const [editingImage, setEditingImage] = useState<AdminGalleryImage | null>(null)
  // Deletes go through the list's fetcher: a deleted tile unmounts before it could announce itself.
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const bulk = useFetcher<ActionResult>()
  useActionToast(bulk, () => setChosen(new Set()))
  const [moveTo, setMoveTo] = useState('')
  const orderer = useFetcher<ActionResult>()
  useActionToast(orderer)
  const [announcement, setAnnouncement] = useState('')

  const inFolder = selected ? images.filter((image) => image.listedUnder === selected).sort(byPlace) : images
  // While a new order is on its way, show it.
  const pendingOrder = orderer.state === 'idle' ? null : (orderer.formData?.getAll('ids') as string[] | undefined)
  const shown = pendingOrder ? pendingOrder.flatMap((id) => inFolder.filter((image) => image.id === id)) : inFolder
  // Only an album whose photos all carry its name can be put in order (not general's strays from deleted folders).
  const reorderable = selected !== null && shown.length > 1 && shown.every((image) => image.folder === selected)
  const chosenShown = shown.filter((image) => chosen.has(image.id))
  const allChosen = shown.length > 0 && chosenShown.length === shown.length

  function move(image: AdminGalleryImage, to: number) {
    const ids = shown.map((candidate) => candidate.id).filter((id) => id !== image.id)
    ids.splice(to, 0, image.id)
    setAnnouncement(movedTo(`"${image.title || 'Untitled'}"`, to + 1, ids.length))
    void orderer.submit(formWith({ intent: 'reorder', folder: selected ?? '' }, ids), { method: 'post' })
  }

  return (
    <>
      <AdminPageHeader
        title="Gallery Management"
        description={images.length === 1 ? '1 image' : `${images.length} images`}
        actions={
          <>
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
      <GalleryFolderFilters total={images.length} folders={folders} selected={selected} onEdit={setEditingFolder} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {images.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-medium">No images in gallery yet</p>
          <p className="mt-1 text-muted-foreground">Upload your first image above</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No images in &ldquo;{selected}&rdquo; folder.</p>
      ) : (
        <>
          <div role="toolbar" aria-label="Selected images" className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-background/95 p-3 shadow-sm md:top-0">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={allChosen}
                onChange={(event) => setChosen(event.target.checked ? new Set(shown.map((image) => image.id)) : new Set())}
              />
              Select all
            </label>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {chosenShown.length} selected
            </span>
            {chosenShown.length > 0 ? (
              <>
                <label className="flex items-center gap-2 text-sm">
                  <span>Move to album</span>
                  <select
                    value={moveTo}
                    onChange={(event) => setMoveTo(event.target.value)}
                    className="h-9 rounded-md border border-input bg-transparent px-2 text-sm"
                  >
                    <option value="">Choose…</option>
                    {folders.map((folder) => (
                      <option key={folder.id} value={folder.name}>
                        {folder.name}
                      </option>
                    ))}
                  </select>
                </label>
                <Button
                  variant="outline"
                  disabled={!moveTo || bulk.state !== 'idle'}
                  onClick={() => void bulk.submit(formWith({ intent: 'move-images', folder: moveTo }, chosenShown.map((image) => image.id)), { method: 'post' })}
                >
                  Move
                </Button>
                <ConfirmDelete
                  label={`Delete ${chosenShown.length} selected images`}
                  question={confirmDeleteImages(chosenShown.length)}
                  onConfirm={() => void bulk.submit(formWith({ intent: 'delete-images' }, chosenShown.map((image) => image.id)), { method: 'post' })}
                  trigger={
                    <Button variant="destructive" disabled={bulk.state !== 'idle'}>
                      {bulk.state !== 'idle' && bulk.formData?.get('intent') === 'delete-images' ? 'Deleting...' : `Delete ${chosenShown.length}`}
                    </Button>
                  }
                />
              </>
            ) : null}
            {selected && !reorderable && shown.length > 1 ? (
              <span className="text-sm text-muted-foreground">Photos waiting to be moved here from deleted folders keep this album from being reordered.</span>
            ) : null}
          </div>
          <GalleryImageGrid
            images={shown}
            deletingId={deletingId}
            onEdit={setEditingImage}
            onDelete={(image) => void remover.submit({ intent: 'delete-image', id: image.id }, { method: 'post' })}
            selected={chosen}
            onToggle={(image, checked) =>
              setChosen((current) => {
                const next = new Set(current)
                if (checked) next.add(image.id)
                else next.delete(image.id)
                return next
              })
            }
            onMove={reorderable ? move : undefined}
          />
        </>
      )}
      {uploadOpen ? <GalleryUploadDialog folderNames={folders.map((folder) => folder.name)} onClose={() => setUploadOpen(false)} /> : null}
      {newAlbumOpen ? <GalleryNewAlbumDialog onClose={() => setNewAlbumOpen(false)} /> : null}
      {editingFolder ? (
        <GalleryFolderDialog
          folder={editingFolder}
          photos={images.filter((image) => image.folder === editingFolder.name).sort(byPlace)}
          onClose={() => setEditingFolder(null)}
        />
      ) : null}
      {editingImage ? <GalleryImageDialog image={editingImage} folderNames={folders.map((folder) => folder.name)} onClose={() => setEditingImage(null)} /> : null}
    </>
  )
}
