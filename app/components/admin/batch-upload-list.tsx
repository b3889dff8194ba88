import { CircleCheck, CircleX, Loader2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { formatBytes } from '#app/lib/body-limits.ts'
import type { BatchFile } from './use-batch-upload.ts'

function statusText(file: BatchFile) {
  switch (file.status) {
    case 'waiting':
      return 'Waiting'
    case 'preparing':
      return 'Preparing…'
    case 'uploading':
      return `Uploading ${Math.round(file.sent * 100)}%`
    case 'stored':
      return 'Uploaded'
    case 'refused':
      return `Not uploaded: ${file.reason ?? ''}`
  }
}

/** Each file of a batch upload with its progress, then its result: 'Uploaded', or 'Not uploaded' and why. */
export function BatchUploadList({ files }: { files: readonly BatchFile[] }) {
  const stored = files.filter((file) => file.status === 'stored').length
  const refused = files.filter((file) => file.status === 'refused').length
  const done = stored + refused === files.length
  // When the batch ends, the first refusal is brought into view: its reason is what to read next.
  const firstRefused = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (done) firstRefused.current?.scrollIntoView({ block: 'nearest' })
  }, [done])
  const firstRefusedIndex = files.findIndex((file) => file.status === 'refused')
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-medium">
        {done ? `${stored} of ${files.length} uploaded${refused ? `, ${refused} not uploaded` : ''}` : `Uploading ${stored + refused + 1} of ${files.length}`}
      </p>
      <ul aria-label="Files" className="max-h-72 space-y-2 overflow-y-auto pr-1">
        {files.map((file, index) => (
          <li key={index} ref={index === firstRefusedIndex ? firstRefused : undefined} className="rounded-md border p-2 text-sm" aria-label={file.name}>
            <div className="flex items-center gap-2">
              {file.status === 'stored' ? (
                <CircleCheck aria-hidden className="size-4 shrink-0 text-green-700" />
              ) : file.status === 'refused' ? (
                <CircleX aria-hidden className="size-4 shrink-0 text-destructive" />
              ) : file.status === 'waiting' ? (
                <span aria-hidden className="size-4 shrink-0" />
              ) : (
                <Loader2 aria-hidden className="size-4 shrink-0 animate-spin" />
              )}
              <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.bytes)}</span>
            </div>
            <div
              role="progressbar"
              aria-label={`${file.name} sent`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(file.sent * 100)}
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className={file.status === 'refused' ? 'h-full bg-destructive' : 'h-full bg-primary transition-[width]'} style={{ width: `${Math.round(file.sent * 100)}%` }} />
            </div>
            <p className={file.status === 'refused' ? 'mt-1 text-destructive' : 'mt-1 text-muted-foreground'}>{statusText(file)}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
