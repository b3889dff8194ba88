import { Download, FileText } from 'lucide-react'
import type { Policy } from '#app/domain/policy/policy.ts'

/** A policy with its title, description and, when it has a file, a 'Download PDF' link. */
export function PolicyCard({ policy }: { policy: Policy }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex flex-1 items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <FileText aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-semibold leading-snug">{policy.title}</h2>
          {policy.description ? <p className="mt-2 text-muted-foreground">{policy.description}</p> : null}
        </div>
      </div>
      {policy.fileUrl ? (
        <a
          href={policy.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex items-center gap-2 self-start rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-xs hover:bg-primary/90"
        >
          <Download aria-hidden className="size-4" />
          Download PDF<span className="sr-only"> of {policy.title} (opens in a new tab)</span>
        </a>
      ) : null}
    </article>
  )
}
