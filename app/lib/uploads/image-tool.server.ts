import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp, loaded with the first image the server makes: libvips costs a
 * process memory from the moment it loads, and most processes never resize
 * an image. It keeps no image cache and runs one thread: on a small server
 * shared with the database, the few images a school resizes now and then are
 * not worth libvips' 50 MB cache and a thread per core
 * (docs/product-rules.md#worker-processes-and-memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loading
}
