/** Where a page is served: `/{slug}`, or `/{parent}/{slug}` under its parent (docs/product-rules.md#pages). */
export function pageAddress(page: { slug: string; parentSlug: string | null }): string {
  return page.parentSlug ? `/${page.parentSlug}/${page.slug}` : `/${page.slug}`
}
