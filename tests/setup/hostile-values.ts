import fc from 'fast-check'

/** Values a careless or hostile client might send in any text field. */
const MALICIOUS = [
  '',
  ' ',
  '\t\n',
  "' OR 1=1 --",
  "'); DROP TABLE blogs; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '../../etc/passwd',
  '/files/../../etc/passwd',
  '/files/gallery/../uploads/x.webp',
  'a\u0000b',
  '\uFEFF\u202E',
  '__proto__',
  'constructor',
  '{"__proto__":{"polluted":true}}',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9007199254740993',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30T25:61',
  '0000-00-00',
  'http://',
  'ftp://example.org/x',
  `https://example.org/${'a'.repeat(5000)}`,
  '%00%2e%2e%2f',
  '😀'.repeat(300),
]

/** Any text: the curated nasty values, random unicode, control characters, and sizes far over every limit. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...MALICIOUS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ minLength: 2_001, maxLength: 12_000 }),
)

/** A field's value: a plausible one from `valid`, a hostile one, or the field left out (undefined). */
export function fieldValue(valid: readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.length ? fc.constantFrom(...valid) : hostileText },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** Files as a browser could send them: real images, lies about the type, empty files, scripts named .png. */
const PNG_1X1 = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000000000005000151c6a4' + '0000000049454e44ae426082', 'hex')

export const hostileFile: fc.Arbitrary<{ name: string; type: string; bytes: Uint8Array } | undefined> = fc.oneof(
  fc.constant({ name: 'photo.png', type: 'image/png', bytes: PNG_1X1 }),
  fc.constant({ name: 'evil.png', type: 'image/png', bytes: Buffer.from('<?php system($_GET["c"]); ?>') }),
  fc.constant({ name: 'image.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') }),
  fc.constant({ name: 'empty.png', type: 'image/png', bytes: new Uint8Array() }),
  fc.constant({ name: '../../escape.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 fake') }),
  fc.record({ name: hostileText, type: fc.constantFrom('image/png', 'application/pdf', 'text/html', ''), bytes: fc.uint8Array({ maxLength: 256 }) }),
  fc.constant(undefined),
)
