import { cn } from '#app/lib/utils.ts'

/** Rich text written in the admin, styled by `.rich-text` (app.css). `html` must already be sanitised on the server. */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />
}
