import { ImageOff } from 'lucide-react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { FocalPointPicker } from '#app/components/admin/focal-point-picker.tsx'
import { ImageDescriptionFields } from '#app/components/admin/image-description-fields.tsx'
import { ImageFileField } from '#app/components/forms/choice-fields.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { deleteMedia, updateMedia, uploadMedia } from '#app/domain/media/media-admin.server.ts'
import { mediaActionSchema, mediaEditSchema, mediaUploadSchema } from '#app/domain/media/media-forms.ts'
import { describedAs, MEDIA_MESSAGES, type MediaItem } from '#app/domain/media/media.schema.ts'
import { listMediaForAdmin } from '#app/domain/media/media-admin-list.server.ts'
import { MEDIA_FILTERS } from '#app/domain/media/media-admin-list.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { IMAGE_TYPES_DESCRIPTION } from '#app/lib/uploads/upload-rules.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/media.ts'

/** `?q=`, `?show=undescribed` and `?page=` choose the page of the library shown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, page, filter } = readListParams(request.url, { values: MEDIA_FILTERS, fallback: 'all' })
  return { ...(await listMediaForAdmin({ search, page, show: filter })), search, show: filter }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(mediaActionSchema, request, (form) => ({ ...Object.fromEntries(form), image: form.get('image') }))
    switch (submission.intent) {
      case 'create':
        await uploadMedia(submission.image, describedAs(submission), staff.userId)
        return MEDIA_MESSAGES.uploaded
      case 'update':
        await updateMedia(submission.id, { description: describedAs(submission), focal: { x: submission.focalX, y: submission.focalY } })
        return MEDIA_MESSAGES.updated
      case 'delete':
        await deleteMedia(submission.id)
        return MEDIA_MESSAGES.deleted
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Media Library | Admin Panel' }]

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { items, pages, counts, undescribedInLibrary: undescribed, search, show } = loaderData
  return (
    <AdminListPage
      title="Media Library"
      description="The images the pages use: logos, slides, covers and pictures in text. They never show in the public gallery. An image in use cannot be deleted."
      addLabel="Add Image"
      emptyText={
        search ? listNoMatchText('images', search) : show === 'undescribed' ? 'Every image is described or marked decorative.' : 'No images in the media library yet.'
      }
      items={items}
      listClassName="grid gap-4 *:min-w-0 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      renderItem={(item, controls) => <MediaCard item={item} controls={controls} />}
      renderDialog={(item, close) => (item ? <EditMediaDialog item={item} onClose={close} /> : <AddMediaDialog onClose={close} />)}
      belowItems={<ListPager pages={pages} thing="image" />}
    >
      {undescribed ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {undescribed === 1 ? 'One image has' : `${undescribed} images have`} no alt text: describe {undescribed === 1 ? 'it' : 'them'}, or mark {undescribed === 1 ? 'it' : 'them'} decorative.
        </p>
      ) : null}
      <ListFilterTabs
        label="Show images"
        choices={[
          { value: 'all', label: 'All', count: counts.all },
          { value: 'undescribed', label: 'Needs description', count: counts.undescribed, alarming: true },
        ]}
        current={show}
        fallback="all"
      />
      <AdminListSearch label="Search images by alt text or file name" query={search} />
    </AdminListPage>
  )
}

function MediaCard({ item, controls }: { item: MediaItem; controls: ItemControls }) {
  return (
    <Card className="h-full overflow-hidden py-0">
      <img src={item.url} alt="" loading="lazy" className="aspect-video w-full object-cover" style={{ objectPosition: `${item.focal.x * 100}% ${item.focal.y * 100}%` }} />
      <CardContent className="flex flex-1 flex-col gap-2 pb-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 truncate text-sm font-semibold" title={item.fileName}>
            {item.fileName || 'Image'}
          </h2>
          <ItemActions name={`image ${item.fileName}`} confirmQuestion="Are you sure you want to delete this image?" controls={controls} />
        </div>
        {item.decorative ? (
          <Badge variant="secondary">Decorative</Badge>
        ) : item.alt ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{item.alt}</p>
        ) : (
          <Badge variant="outline" className="gap-1 border-amber-400 text-amber-900">
            <ImageOff aria-hidden />
            No alt text
          </Badge>
        )}
      </CardContent>
    </Card>
  )
}

function AddMediaDialog({ onClose }: { onClose: () => void }) {
  return (
    <AdminFormDialog
      title="Add Image"
      description="An image for the pages, described for people who cannot see it."
      schema={mediaUploadSchema}
      toValues={(form) => {
        const values = new FormData(form)
        return { ...Object.fromEntries(values), image: values.get('image') }
      }}
      editingId={null}
      onClose={onClose}
      multipart
    >
      {({ errors }) => (
        <>
          <ImageFileField id="image" name="image" label="Image" error={errors.image} description={IMAGE_TYPES_DESCRIPTION} />
          <ImageDescriptionFields alt="" decorative={false} error={errors.alt} />
        </>
      )}
    </AdminFormDialog>
  )
}

function EditMediaDialog({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  return (
    <AdminFormDialog title="Edit Image" description={item.fileName || 'Image'} schema={mediaEditSchema} editingId={item.id} onClose={onClose}>
      {({ errors, revalidate }) => (
        <>
          <FocalPointPicker id="media-focal" src={item.url} initial={item.focal} onChange={() => revalidate()} />
          <ImageDescriptionFields alt={item.alt} decorative={item.decorative} error={errors.alt} />
        </>
      )}
    </AdminFormDialog>
  )
}
