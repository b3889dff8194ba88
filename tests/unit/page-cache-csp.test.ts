import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { inlineScriptHashes } from '#server/page-cache-csp.ts'
import { withScriptHashes } from '#server/security-headers.ts'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

test('each inline script is allowed by the hash of its text as written, once; external scripts and data blocks need none', () => {
  const first = 'window.__reactRouterContext = {"url":"/é"};'
  const second = '\n  import("/assets/entry.client-abc.js");\n'
  const html = [
    '<!DOCTYPE html><html><head>',
    '<script type="application/ld+json">{"@type":"School"}</script>',
    '<script type="module" async="" src="/assets/root.js"></script>',
    `</head><body><script>${first}</script>`,
    `<script type="module">${second}</script>`,
    `<script nonce="">${first}</script>`,
    '<script></script>',
    '</body></html>',
  ].join('')
  expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256(second), sha256('')])
})

test('a page without inline scripts needs no hash', () => {
  expect(inlineScriptHashes('<html><body><p>No scripts</p><script src="/a.js"></script></body></html>')).toEqual([])
})

test('the hashes take the nonce’s place in script-src; every other directive stays', () => {
  const policy = "default-src 'self';script-src 'self' 'nonce-abc+/=';style-src 'self' 'unsafe-inline';object-src 'none'"
  expect(withScriptHashes(policy, ["'sha256-x'", "'sha256-y'"])).toBe("default-src 'self';script-src 'self' 'sha256-x' 'sha256-y';style-src 'self' 'unsafe-inline';object-src 'none'")
  expect(withScriptHashes(policy, [])).toBe("default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';object-src 'none'")
})
