import { expect, test } from 'vitest'
import { hexToHsl, hslToHex } from '#app/domain/theme/color-space.ts'

test('the colour picker converts between hex and the editor’s H S% L% text', () => {
  expect(hslToHex('0 100% 50%')).toBe('#ff0000')
  expect(hslToHex('215 70% 35%')).toBe('#1b4f98')
  expect(hslToHex('0 0% 100%')).toBe('#ffffff')
  expect(hslToHex('#ff0000')).toBeNull()
  expect(hexToHsl('#ff0000')).toBe('0 100% 50%')
  expect(hexToHsl('#ffffff')).toBe('0 0% 100%')
  expect(hexToHsl('#1b4f98')).toBe('215 70% 35%')
})
