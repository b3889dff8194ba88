import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

/** Text files a page loads from /assets; pictures and fonts come compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/

/** Smaller files are sent as they are, as the compression middleware does (its threshold). */
const SMALLEST_BYTES = 1024

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each script and stylesheet of
 * the client build, for the server to send as they are (docs/product-rules.md#performance-budget). Compressing
 * them on each request cost the server about 10 ms of CPU for a first visit's files, more than rendering the page,
 * and at the middleware's fast settings its brotli came out no smaller than gzip. A compressed copy that would not
 * be smaller is not written. Run once the whole build is written (React Router writes its manifest module outside
 * Vite's bundle). By hand because the one Vite plugin for it also rewrites Vite's console output and manifest
 * plugin, and would miss that module; this is a loop over node:zlib.
 */
export async function precompressAssets(directory: string) {
  const files = (await readdir(directory)).filter((name) => COMPRESSIBLE.test(name))
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(directory, name)
      const bytes = await readFile(file)
      if (bytes.length < SMALLEST_BYTES) return
      const [br, gz] = await Promise.all([
        compressBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        compressGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ])
      if (br.length < bytes.length) await writeFile(`${file}.br`, br)
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
    }),
  )
}
