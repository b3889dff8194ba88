import { describe, expect, test } from 'vitest'
import { cropAround } from '#app/services/share-images/share-image-crop.ts'

describe('the share image crop', () => {
  test('a landscape photo is scaled to 630 high and cut around the focal point, never past its edges', () => {
    // 4000×2000 → 1260×630: 60 px to spare across.
    expect(cropAround(4000, 2000)).toEqual({ resized: { width: 1260, height: 630 }, left: 30, top: 0 })
    expect(cropAround(4000, 2000, { x: 0, y: 0.5 })).toMatchObject({ left: 0 })
    expect(cropAround(4000, 2000, { x: 1, y: 0.5 })).toMatchObject({ left: 60 })
  })

  test('a portrait photo keeps the faces near its top when the focal point is there, instead of the middle', () => {
    // 1000×2000 → 1200×2400: the window is 630 of 2400 high.
    expect(cropAround(1000, 2000)).toEqual({ resized: { width: 1200, height: 2400 }, left: 0, top: 885 })
    expect(cropAround(1000, 2000, { x: 0.5, y: 0.15 })).toMatchObject({ top: 45 })
    expect(cropAround(1000, 2000, { x: 0.5, y: 0 })).toMatchObject({ top: 0 })
    expect(cropAround(1000, 2000, { x: 0.5, y: 7 })).toMatchObject({ top: 1770 })
  })

  test('a small image is enlarged to cover the card', () => {
    expect(cropAround(64, 48)).toEqual({ resized: { width: 1200, height: 900 }, left: 0, top: 135 })
  })
})
