import { FileText } from 'lucide-react'
import { Link } from 'react-router'
import { PolicyDownloadLink } from '#app/components/site/policy-download-link.tsx'
import { policyPath, type Policy } from '#app/domain/policy/policy.ts'

/** A policy with its title (linking to its page), category, description and, when it has a file, a 'Download PDF' link. */
export function PolicyCard({ policy }: { policy: Policy }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex flex-1 items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <FileText aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl leading-snug font-semibold">
            <Link to={policyPath(policy.slug)} className="underline-offset-4 hover:underline">
              {policy.title}
            </Link>
          </h2>
          {policy.category ? <p className="mt-1 text-sm font-medium text-muted-foreground">{policy.category.name}</p> : null}
          {policy.description ? <p className="mt-2 text-muted-foreground">{policy.description}</p> : null}
        </div>
      </div>
      {policy.fileUrl ? <PolicyDownloadLink policy={policy} className="mt-6" /> : null}
    </article>
  )
}
