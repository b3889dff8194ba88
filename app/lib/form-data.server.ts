import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { formLimitFor, type BodyLimit } from './body-limits.ts'

/** More fields than any form of the site has. */
const MAX_FIELDS = 100

/** A form refused for its shape (too many files or fields, a field too long), with the reason in words. */
export class FormLimitError extends Error {
  override name = 'FormLimitError'
}

export const FORM_LIMIT_MESSAGES = {
  tooManyFiles: 'This form carries more files than it accepts.',
  tooManyFields: 'This form has more fields than it accepts.',
  fieldTooLong: 'A field of this form is longer than the site accepts.',
} as const

/**
 * The posted form. A multipart form is parsed as it streams in: each file
 * keeps at most one byte more than its route accepts (so the route can still
 * say it is too large) and the rest is dropped as it arrives; the form may
 * carry one file more than its route takes, so the route can say that too.
 * Other bodies are small and read by the platform (the server limits every
 * body's bytes before this runs). The limit is the path's, unless the caller
 * knows better (the content API's, by collection).
 */
export async function readForm(request: Request, limit: BodyLimit = formLimitFor(new URL(request.url).pathname)): Promise<FormData> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(type) || !request.body) return request.formData()
  return parseMultipart(request.body, type, limit)
}

type Entry = [name: string, value: string | File]

function parseMultipart(body: ReadableStream<Uint8Array>, contentType: string, limit: BodyLimit): Promise<FormData> {
  return new Promise<FormData>((resolve, reject) => {
    const parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as UTF-8.
      defParamCharset: 'utf8',
      limits: { files: limit.maxFiles + 1, fileSize: limit.maxFileBytes + 1, fields: MAX_FIELDS, fieldSize: limit.maxBytes },
    })
    // Files end after the parts that follow them have been seen: each entry keeps its place in the form.
    const entries: Promise<Entry>[] = []
    let failed = false
    const refuse = (message: string) => {
      failed = true
      reject(new FormLimitError(message))
      parser.destroy()
    }

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return refuse(FORM_LIMIT_MESSAGES.fieldTooLong)
      entries.push(Promise.resolve([name, value]))
    })
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      entries.push(
        new Promise<Entry>((done, fail) => {
          stream.once('error', fail)
          stream.once('end', () =>
            // A part without a file name is text, as browsers and the platform's parser read it.
            done([name, info.filename === undefined ? Buffer.concat(chunks).toString('utf8') : new File([Buffer.concat(chunks)], info.filename, { type: info.mimeType })]),
          )
        }),
      )
    })
    parser.on('filesLimit', () => refuse(FORM_LIMIT_MESSAGES.tooManyFiles))
    parser.on('fieldsLimit', () => refuse(FORM_LIMIT_MESSAGES.tooManyFields))
    parser.on('error', (error) => {
      failed = true
      reject(error instanceof Error ? error : new Error(String(error)))
    })
    parser.on('close', () => {
      if (failed) return
      Promise.all(entries)
        .then((settled) => {
          const form = new FormData()
          for (const [name, value] of settled) form.append(name, value)
          resolve(form)
        })
        .catch(reject)
    })

    pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), parser).catch((error: unknown) => {
      if (!failed) reject(error instanceof Error ? error : new Error(String(error)))
    })
  })
}
