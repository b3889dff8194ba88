import sharp from 'sharp'

/**
 * libvips, under sharp, keeps up to 50 MB of recent images and runs a thread
 * per core for each one; on a small server shared with the database, the few
 * images a school resizes now and then are not worth that memory (a new site's
 * demo photos took the process from about 190 to 370 MB). See
 * docs/decisions/033-worker-processes.md.
 */
export function limitImageMemory() {
  sharp.cache(false)
  sharp.concurrency(1)
}
