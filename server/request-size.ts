import type { RequestHandler } from 'express'
import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '#app/lib/uploads/upload-rules.ts'

/** The largest request body: a full gallery upload plus form fields. */
export const MAX_REQUEST_BYTES = MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024

/**
 * Refuses a body larger than any form of the app needs before it is read into
 * memory. Browsers declare the size of every form they post.
 */
export function limitRequestSize(maxBytes = MAX_REQUEST_BYTES): RequestHandler {
  return (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      res.status(413).type('text/plain').send('Request too large')
      return
    }
    next()
  }
}
