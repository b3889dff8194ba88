import { data, Link } from 'react-router'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { albumPath } from '#app/components/site/album-cards.tsx'
import { GalleryGrid } from '#app/components/site/gallery-grid.tsx'
import { NotFoundMessage } from '#app/components/site/not-found-message.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicAlbum } from '#app/domain/gallery/gallery.server.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { pagedPath, pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/gallery-album.ts'

/** One published album's photos in the order the office gave them; any other address answers 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await getPublicAlbum(params.album, readListParams(request.url).page)
  if (!found) return data({ found: null }, { status: 404 })
  return { found }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const found = loaderData?.found
  if (!found) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  const { album, pages } = found
  return pageMeta(matches, {
    title: `${album.name} | Gallery`,
    description: album.description || `${album.count} photos from ${album.name}.`,
    path: pagedPath(albumPath(album.slug), pages.page),
  })
}

export default function GalleryAlbum({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData
  if (!found) return <NotFoundMessage className="min-h-[60vh]" />
  const { album, images, pages } = found
  return (
    <>
      <PageBanner page="galleryPage" title={album.name} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <Link to="/gallery" className="text-primary underline underline-offset-4">
            Gallery
          </Link>
          <span aria-hidden> / </span>
          <span aria-current="page">{album.name}</span>
        </nav>
        {album.description ? <p className="mb-8 max-w-prose text-lg whitespace-pre-line">{album.description}</p> : null}
        <GalleryGrid images={images} empty={`No images in "${album.name}" folder.`} />
        {pages.pageCount > 1 ? <ListPager pages={pages} thing="photo" /> : null}
      </div>
    </>
  )
}
