/**
 * The slug rule as it stood when the 0014 and 0016 migrations back-filled
 * event and policy addresses. Migrations may not import app code, and a
 * shipped migration must not change when the app's rule does, so they share
 * this frozen copy: 'Sports Day!' → 'sports-day'.
 */
export function frozenSlug(title: string, { maxLength, fallback }: { maxLength: number; fallback: string }): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxLength)
    .replace(/-+$/, '')
  return slug || fallback
}
