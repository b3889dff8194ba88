import { ArrowLeft } from 'lucide-react'
import { Link, redirect, useFetcher } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { FOLDER_PARAM } from '#app/components/admin/gallery-folder-filters.tsx'
import { ImageDescriptionFields } from '#app/components/admin/image-description-fields.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { describeAlbumPhotos, listAdminGallery } from '#app/domain/gallery/gallery-admin.server.ts'
import { albumDescriptionsSchema, albumDescriptionValues, GALLERY_MESSAGES, photoDescriptionNames } from '#app/domain/gallery/gallery.schema.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { readPageParam } from '#app/lib/list-params.ts'
import { variantUrl } from '#app/lib/uploads/image-variants.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/gallery-describe.ts'

const THUMBNAIL_WIDTH = 480

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const folder = new URL(request.url).searchParams.get(FOLDER_PARAM)
  const list = folder ? await listAdminGallery({ folder, page: readPageParam(request.url, 'page') }) : null
  const album = list?.folders.find((each) => each.name === list.folder)
  if (!list || !album) throw redirect('/admin/gallery')
  // Only the album's own photos: 'general' also lists those of deleted folders, which are not its to describe.
  const photos = list.images.filter((image) => image.folder === album.name)
  return {
    album: { id: album.id, name: album.name },
    photos: photos.map(({ id, title, imageUrl, alt, decorative }) => ({ id, title, imageUrl, alt, decorative })),
    pages: list.pages,
    firstPlace: (list.pages.page - 1) * list.pages.pageSize,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const input = await validatedForm(albumDescriptionsSchema, request, albumDescriptionValues)
    await describeAlbumPhotos(input.album, input.photos)
    return GALLERY_MESSAGES.descriptionsSaved
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Describe photos | Admin Panel' }]

/** An album's photos on one screen, each with its alt text and 'Decorative', saved together. */
export default function DescribePhotos({ loaderData }: Route.ComponentProps) {
  const { album, photos, pages, firstPlace } = loaderData
  const saver = useFetcher<ActionResult>()
  useActionToast(saver)
  const errors = refusedFieldErrors(saver.data) ?? {}
  const saving = saver.state !== 'idle'
  const albumHref = `/admin/gallery?${new URLSearchParams({ [FOLDER_PARAM]: album.name })}`
  return (
    <>
      <AdminPageHeader
        title="Describe photos"
        description={<>What each photo of &ldquo;{album.name}&rdquo; shows, for people who cannot see it; or mark it decorative.</>}
        actions={
          <Button asChild variant="outline">
            <Link to={albumHref}>
              <ArrowLeft aria-hidden />
              Back to album
            </Link>
          </Button>
        }
      />
      {photos.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No photos in this album yet.</p>
      ) : (
        <saver.Form method="post" aria-busy={saving}>
          <input type="hidden" name="album" value={album.id} />
          <fieldset disabled={saving}>
            <legend className="sr-only">Photos of {album.name}</legend>
            <ul className="grid gap-4 lg:grid-cols-2">
              {photos.map((photo, index) => {
                const name = photo.title || `Photo ${firstPlace + index + 1}`
                return (
                  <li key={photo.id} aria-label={name} className="flex gap-3 rounded-lg border p-3">
                    <input type="hidden" name="ids" value={photo.id} />
                    <img src={variantUrl(photo.imageUrl, THUMBNAIL_WIDTH)} alt="" loading="lazy" className="size-24 shrink-0 rounded-md bg-muted object-cover sm:size-32" />
                    <div className="min-w-0 flex-1 space-y-3">
                      <ImageDescriptionFields
                        alt={photo.alt}
                        decorative={photo.decorative}
                        names={photoDescriptionNames(photo.id)}
                        labels={{ alt: `Alt text for ${name}`, decorative: 'Decorative (no alt text)' }}
                        help=""
                        error={errors[`photos.${index}.alt`]}
                      />
                    </div>
                  </li>
                )
              })}
            </ul>
          </fieldset>
          <div className="sticky bottom-0 mt-4 flex justify-end border-t bg-background py-3">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </saver.Form>
      )}
      <ListPager pages={pages} thing="photo" />
    </>
  )
}
