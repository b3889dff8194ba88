import { Upload } from 'lucide-react'
import { useState } from 'react'
import { useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
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

export default function GalleryAdmin({ loaderData }: Route.ComponentProps) {
  const { images, folders } = loaderData
  const [searchParams] = useSearchParams()
  // A folder renamed or deleted while selected falls back to 'all'.
  const requested = searchParams.get(FOLDER_PARAM)
  const selected = folders.some((folder) => folder.name === requested) ? requested : null
  const shown = selected ? images.filter((image) => image.listedUnder === selected) : images
  const [uploadOpen, setUploadOpen] = useState(false)
  const [editingFolder, setEditingFolder] = useState<AdminGalleryFolder | null>(null)
  const [editingImage, setEditingImage] = useState<AdminGalleryImage | null>(null)
  // Deletes go through the list's fetcher: a deleted tile unmounts before it could announce itself.
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')

  return (
    <>
      <AdminPageHeader
        title="Gallery Management"
        description={images.length === 1 ? '1 image' : `${images.length} images`}
        actions={
          <Button onClick={() => setUploadOpen(true)}>
            <Upload aria-hidden />
            Upload Images
          </Button>
        }
      />
      <GalleryFolderFilters total={images.length} folders={folders} selected={selected} onEdit={setEditingFolder} />
      {images.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-medium">No images in gallery yet</p>
          <p className="mt-1 text-muted-foreground">Upload your first image above</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No images in &ldquo;{selected}&rdquo; folder.</p>
      ) : (
        <GalleryImageGrid
          images={shown}
          deletingId={deletingId}
          onEdit={setEditingImage}
          onDelete={(image) => void remover.submit({ intent: 'delete-image', id: image.id }, { method: 'post' })}
        />
      )}
      {uploadOpen ? <GalleryUploadDialog folderNames={folders.map((folder) => folder.name)} onClose={() => setUploadOpen(false)} /> : null}
      {editingFolder ? <GalleryFolderDialog folder={editingFolder} onClose={() => setEditingFolder(null)} /> : null}
      {editingImage ? <GalleryImageDialog image={editingImage} folderNames={folders.map((folder) => folder.name)} onClose={() => setEditingImage(null)} /> : null}
    </>
  )
}
