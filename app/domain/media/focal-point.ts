// Apart from media.schema.ts, so that the public pages render focal points without loading zod
// (docs/product-rules.md#performance-budget).

/** The CSS `object-position` that keeps a focal point in view when an image is cropped to its box. */
export function focalObjectPosition(focal: { x: number; y: number }): string {
  return `${Math.round(focal.x * 100)}% ${Math.round(focal.y * 100)}%`
}
