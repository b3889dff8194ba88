import { storage } from '../storage/storage.server.ts'
import { removeStoredFiles } from './uploads.server.ts'

/**
 * Stores an uploaded file, then runs the row write that points at it: an
 * upload that fails writes no row, and a write that fails or changes no row
 * removes the file again, so no file is left without its row.
 */
export async function writeWithUpload(
  store: (() => Promise<string>) | null,
  write: (uploadedUrl: string | null) => Promise<boolean>,
): Promise<boolean> {
  const uploaded = store ? await store() : null
  let written = false
  try {
    written = await write(uploaded)
    return written
  } finally {
    if (!written) await removeStoredFiles(storage, [uploaded])
  }
}
