import fs from 'node:fs/promises'
import path from 'node:path'
import { assertValidKey, contentTypeFor, InvalidKeyError, type Bucket, type Storage } from './storage.ts'

/** Files on local disk under `root/<bucket>/<key>`; the default driver. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root)

  function fileFor(bucket: Bucket, key: string) {
    assertValidKey(key)
    const file = path.resolve(base, bucket, key)
    // Defence in depth: the key check already rules this out.
    if (!file.startsWith(path.join(base, bucket) + path.sep)) {
      throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`)
    }
    return file
  }

  return {
    async put(bucket, key, body) {
      const file = fileFor(bucket, key)
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      // Write then rename, so a reader never sees half a file; readable by this account only, like the whole data folder.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`
      await fs.writeFile(partial, body, { mode: 0o600 })
      await fs.rename(partial, file)
    },
    async get(bucket, key) {
      const file = fileFor(bucket, key)
      // Open first, then read through the handle: a file deleted meanwhile is
      // either missing here (404) or still readable to the end, never half-served.
      const handle = await fs.open(file, 'r').catch(() => null)
      if (!handle) return null
      const stat = await handle.stat()
      if (!stat.isFile()) {
        await handle.close()
        return null
      }
      return { body: handle.createReadStream(), size: stat.size, contentType: contentTypeFor(key) }
    },
    async delete(bucket, key) {
      await fs.rm(fileFor(bucket, key), { force: true })
    },
    async *list(bucket) {
      const folder = path.join(base, bucket)
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        // Half-written files of a put in progress are not objects yet.
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue
        yield path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      }
    },
    async ping() {
      await fs.mkdir(base, { recursive: true, mode: 0o700 })
      await fs.access(base, fs.constants.W_OK)
      return true
    },
  }
}
