import { SHARE_IMAGE } from '#app/lib/share-images.ts'

/** Where in an image its subject is, from its left and top edges, each 0 to 1. */
export interface FocalPoint {
  x: number
  y: number
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 }

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * How to cut a `width`×`height` image to the share image's shape: scale it
 * until it covers 1200×630, then take the window whose centre is as close
 * to the focal point as the image's edges allow.
 */
export function cropAround(width: number, height: number, focal: FocalPoint = CENTRE) {
  const scale = Math.max(SHARE_IMAGE.width / width, SHARE_IMAGE.height / height)
  const resized = { width: Math.max(SHARE_IMAGE.width, Math.round(width * scale)), height: Math.max(SHARE_IMAGE.height, Math.round(height * scale)) }
  const left = clamp(Math.round(clamp(focal.x, 0, 1) * resized.width - SHARE_IMAGE.width / 2), 0, resized.width - SHARE_IMAGE.width)
  const top = clamp(Math.round(clamp(focal.y, 0, 1) * resized.height - SHARE_IMAGE.height / 2), 0, resized.height - SHARE_IMAGE.height)
  return { resized, left, top }
}
