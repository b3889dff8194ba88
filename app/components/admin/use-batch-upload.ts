import { useState } from 'react'
import { fitImageForUpload } from '#app/components/forms/fit-image-for-upload.ts'
import { postWithProgress } from '#app/components/forms/post-with-progress.ts'

export type BatchFileStatus = 'waiting' | 'preparing' | 'uploading' | 'stored' | 'refused'

export interface BatchFile {
  name: string
  bytes: number
  status: BatchFileStatus
  /** Of the file's bytes, the part sent so far (0 to 1). */
  sent: number
  /** Why the server (or the connection) refused it. */
  reason?: string
}

export interface BatchOutcome {
  stored: number
  refused: number
}

/**
 * Sends a batch of images one request per file, one at a time: each file
 * has its own progress and its own result, a refused file does not stop the
 * others, and the server holds one photo at a time. Each large photo is
 * fitted for upload just before it is sent. `fields` go with every file,
 * with its `position` in the batch and the batch's `count`; `fieldsOf` adds
 * a file's own (its description).
 */
export function useBatchUpload(url: string) {
  const [files, setFiles] = useState<BatchFile[]>([])
  const [running, setRunning] = useState(false)

  async function upload(chosen: readonly File[], fields: Record<string, string>, fieldsOf?: (index: number) => Record<string, string>): Promise<BatchOutcome> {
    const update = (index: number, change: Partial<BatchFile>) => setFiles((current) => current.map((file, at) => (at === index ? { ...file, ...change } : file)))
    setFiles(chosen.map((file) => ({ name: file.name, bytes: file.size, status: 'waiting', sent: 0 })))
    setRunning(true)
    const outcome: BatchOutcome = { stored: 0, refused: 0 }
    try {
      for (const [index, file] of chosen.entries()) {
        update(index, { status: 'preparing' })
        const fitted = await fitImageForUpload(file)
        update(index, { status: 'uploading', bytes: fitted.size })
        const body = new FormData()
        for (const [name, value] of Object.entries({ ...fields, ...fieldsOf?.(index) })) body.set(name, value)
        body.set('images', fitted)
        body.set('position', String(index + 1))
        body.set('count', String(chosen.length))
        const answer = await postWithProgress(url, body, (sent) => update(index, { sent }))
        if (answer.ok) {
          outcome.stored += 1
          update(index, { status: 'stored', sent: 1 })
        } else {
          outcome.refused += 1
          update(index, { status: 'refused', reason: answer.error })
        }
      }
    } finally {
      setRunning(false)
    }
    return outcome
  }

  return { files, running, upload, clear: () => setFiles([]) }
}
