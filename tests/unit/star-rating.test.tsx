import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { StarRating } from '#app/components/home/star-rating.tsx'

describe('a star rating', () => {
  test('is named for assistive technology, draws the star once and uses it five times, filled up to the rating', () => {
    const html = renderToString(<StarRating rating={4} />)
    expect(html).toMatch(/^<div role="img" aria-label="Rated 4 out of 5"/)
    expect(html.match(/<path /g)).toHaveLength(1)
    const uses = [...html.matchAll(/<use href="#([^"]+)" x="([\d.]+)" class="([^"]+)"/g)]
    expect(uses.map(([, , x, classes]) => [x, classes])).toEqual([
      ['0', 'fill-amber-400 text-amber-500'],
      ['26.4', 'fill-amber-400 text-amber-500'],
      ['52.8', 'fill-amber-400 text-amber-500'],
      ['79.2', 'fill-amber-400 text-amber-500'],
      ['105.6', 'fill-none text-muted-foreground/50'],
    ])
    expect(html).toContain(`id="${uses[0]![1]}"`)
    // Five whole icons were 3.6 KB; a page of testimonials repeats it on every row.
    expect(html.length).toBeLessThan(1400)
  })

  test('keeps the rating within 0 to 5 stars, rounded', () => {
    expect(renderToString(<StarRating rating={7} />)).toContain('aria-label="Rated 5 out of 5"')
    expect(renderToString(<StarRating rating={-1} />)).toContain('aria-label="Rated 0 out of 5"')
    expect(renderToString(<StarRating rating={2.6} />)).toContain('aria-label="Rated 3 out of 5"')
  })
})
