import type { CSSProperties } from 'react'
import { cn } from '#app/lib/utils.ts'
import { imageSrcSet, variantUrl } from '#app/lib/uploads/image-variants.ts'

/** Below this width the grid has two columns of tiles at most 220 CSS px wide: a portrait phone. */
const PORTRAIT_PHONE = '(max-width: 29.99rem)'

/**
 * The tile's CSS width at each breakpoint of the gallery grid (2 columns,
 * then 3 from 640 px, 4 from 1024 px) inside the page's `max-w-6xl px-4`
 * column, fixed once the column stops growing at 72rem.
 */
const TILE_SIZES = [
  '(min-width: 72rem) 16.75rem',
  '(min-width: 64rem) calc(25vw - 1.25rem)',
  '(min-width: 40rem) calc(33.33vw - 1.34rem)',
  'calc(50vw - 1.25rem)',
].join(', ')

/**
 * A gallery tile's photo: the grid's sized copies for the browser to choose
 * from, except on a portrait phone, which is offered the 480 px copy alone.
 * A 175 px tile on a 3x phone would otherwise take the 960 px file, four
 * times the bytes for a difference no eye sees at thumbnail size (the
 * enlarged view still shows the full photo). A `<source>` rather than a
 * `sizes` trick, because the browser's look-ahead fetch can size images for
 * a desktop-wide page before it knows the phone's width, and it then shows
 * the larger file it has already fetched; the `<source>` is chosen on the
 * real width, and inside `<picture>` React adds no preload of its own.
 */
export function GalleryTileImage({ url, alt, eager, style, className }: { url: string; alt: string; eager: boolean; style?: CSSProperties; className?: string }) {
  const srcSet = imageSrcSet(url)
  return (
    <picture className="contents">
      {srcSet ? <source media={PORTRAIT_PHONE} srcSet={`${variantUrl(url, 480)} 480w`} sizes="calc(50vw - 1.25rem)" /> : null}
      <img
        src={url}
        srcSet={srcSet}
        sizes={srcSet ? TILE_SIZES : undefined}
        alt={alt}
        // The tile's shape, so the page does not move as photos arrive (CSS sets the real size).
        width={480}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('aspect-[4/3] h-auto w-full bg-muted object-cover', className)}
        style={style}
      />
    </picture>
  )
}
