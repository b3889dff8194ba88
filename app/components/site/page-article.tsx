import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { RichTextContent } from '#app/components/site/rich-text-content.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { coverAltOf } from '#app/domain/blog/blog.ts'
import type { Page } from '#app/domain/page/page.ts'
import { formatDate } from '#app/lib/format.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

type PageLink = Pick<Page, 'id' | 'title' | 'slug'>

export interface PageArticleProps {
  /** The page; its `content` already sanitised on the server. */
  page: Pick<Page, 'title' | 'slug' | 'content' | 'coverImage' | 'coverAlt' | 'coverDecorative' | 'coverFocal' | 'updatedAt'>
  parent: PageLink | null
  children: PageLink[]
}

/** Home › Parent › Page, the current page last and marked as such. */
function Breadcrumb({ page, parent }: { page: PageLink | PageArticleProps['page']; parent: PageLink }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center justify-center gap-1 opacity-90">
        <li>
          <Link to="/" className="underline-offset-4 hover:underline">
            Home
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden className="size-4" />
          <Link to={pageAddress({ slug: parent.slug, parentSlug: null })} className="underline-offset-4 hover:underline">
            {parent.title}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden className="size-4" />
          <span aria-current="page">{page.title}</span>
        </li>
      </ol>
    </nav>
  )
}

/** A page of the school's own as visitors read it at its address; previews show drafts the same way. */
export function PageArticle({ page, parent, children }: PageArticleProps) {
  const { timeZone } = useSite()
  return (
    <>
      <PageBanner page="schoolPages" title={page.title} above={parent ? <Breadcrumb page={page} parent={parent} /> : null} />
      <article className="mx-auto max-w-3xl px-4 py-10">
        <p className="text-sm text-muted-foreground">
          Updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt, timeZone)}</time>
        </p>
        {page.coverImage ? (
          <img
            src={page.coverImage}
            srcSet={imageSrcSet(page.coverImage)}
            sizes="(min-width: 768px) 768px, 100vw"
            alt={coverAltOf(page)}
            fetchPriority="high"
            decoding="async"
            className="mt-6 aspect-video w-full rounded-lg object-cover shadow-sm"
            style={{ objectPosition: focalObjectPosition(page.coverFocal) }}
          />
        ) : null}
        {page.content ? <RichTextContent html={page.content} className="mt-8 text-lg [&_a]:text-primary" /> : null}
        {children.length ? (
          <nav aria-labelledby="child-pages-heading" className="mt-10 rounded-lg border bg-card p-6">
            <h2 id="child-pages-heading" className="text-xl font-semibold">
              In this section
            </h2>
            <ul className="mt-3 space-y-2">
              {children.map((child) => (
                <li key={child.id}>
                  <Link to={pageAddress({ slug: child.slug, parentSlug: page.slug })} className="font-medium text-primary underline-offset-4 hover:underline">
                    {child.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </article>
    </>
  )
}
