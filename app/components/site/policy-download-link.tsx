import { Download } from 'lucide-react'
import { policyDownloadPath } from '#app/domain/policy/policy.ts'

/** 'Download PDF' at the policy's stable download address, in a new tab. */
export function PolicyDownloadLink({ policy, className = '' }: { policy: { slug: string; title: string }; className?: string }) {
  return (
    <a
      href={policyDownloadPath(policy.slug)}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-2 self-start rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-xs hover:bg-primary/90 ${className}`}
    >
      <Download aria-hidden className="size-4" />
      Download PDF<span className="sr-only"> of {policy.title} (opens in a new tab)</span>
    </a>
  )
}
