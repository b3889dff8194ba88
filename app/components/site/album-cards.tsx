import { Link } from 'react-router'
import { EAGER_TILES, GALLERY_GRID_CLASS } from '#app/components/site/gallery-grid.tsx'
import { GalleryTileImage } from '#app/components/site/gallery-tile-image.tsx'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'
import type { PublicAlbum } from '#app/domain/gallery/gallery.schema.ts'

/** The address of an album's page. */
export function albumPath(slug: string) {
  return `/gallery/${slug}`
}

/** One card per published album: its cover, name, description and photo count, linking to its page. Same columns as the photo grid, and like it the first row's covers load at once. */
export function AlbumCards({ albums }: { albums: readonly PublicAlbum[] }) {
  return (
    <ul className={GALLERY_GRID_CLASS}>
      {albums.map((album, index) => (
        <li key={album.slug}>
          <Link
            to={albumPath(album.slug)}
            className="group block h-full overflow-hidden rounded-lg border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden"
          >
            {album.cover ? (
              // The card's link is named by the album; the cover adds nothing to it.
              <GalleryTileImage url={album.cover.imageUrl} alt="" eager={index < EAGER_TILES} style={{ objectPosition: focalObjectPosition(album.cover.focal) }} />
            ) : null}
            <div className="space-y-1 p-3">
              <p className="font-semibold group-hover:underline">{album.name}</p>
              <p className="text-sm text-muted-foreground">{album.count === 1 ? '1 photo' : `${album.count} photos`}</p>
              {album.description ? <p className="line-clamp-2 text-sm">{album.description}</p> : null}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
