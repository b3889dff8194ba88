import { describe, expect, test } from 'vitest'
import { BODY_LIMITS } from '#app/lib/body-limits.ts'
import { FORM_LIMIT_MESSAGES, readForm } from '#app/lib/form-data.server.ts'

const BOUNDARY = 'form-boundary'

type Part = { name: string; value: string } | { name: string; filename?: string; type?: string; bytes: Uint8Array }

function multipartRequest(path: string, parts: Part[]) {
  const chunks = parts.flatMap((part) => {
    if ('value' in part) return [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    return [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`), Buffer.from(part.bytes), Buffer.from('\r\n')]
  })
  const body = Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)])
  return new Request(`http://site${path}`, { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } })
}

describe('multipart forms read as a stream', () => {
  test('fields and files in the order sent, file names in UTF-8, a part without a file name as text', async () => {
    const form = await readForm(
      multipartRequest('/admin/gallery', [
        { name: 'intent', value: 'upload' },
        { name: 'images', filename: 'été 📷.png', type: 'image/png', bytes: Buffer.from('first') },
        { name: 'title', value: 'Sports day' },
        { name: 'images', filename: 'b.png', type: 'image/png', bytes: Buffer.from('second') },
        { name: 'note', bytes: Buffer.from('plain') },
        { name: 'title', value: 'Last wins' },
      ]),
    )
    expect([...form.keys()]).toEqual(['intent', 'images', 'title', 'images', 'note', 'title'])
    const images = form.getAll('images') as File[]
    expect(images.map((file) => [file.name, file.type, file.size])).toEqual([
      ['été 📷.png', 'image/png', 5],
      ['b.png', 'image/png', 6],
    ])
    expect(await images[1]!.text()).toBe('second')
    expect(form.get('note')).toBe('plain')
    expect(Object.fromEntries(form).title).toBe('Last wins')
  })

  test('a file over its route’s limit keeps one byte more than the limit, so the route can say it is too large', async () => {
    const limit = BODY_LIMITS.imageUpload.maxFileBytes
    const form = await readForm(multipartRequest('/admin/blogs', [{ name: 'coverImage', filename: 'big.png', type: 'image/png', bytes: new Uint8Array(limit + 5_000) }]))
    expect((form.get('coverImage') as File).size).toBe(limit + 1)
  })

  test('one file more than the route takes reaches it; more is refused', async () => {
    const file = (index: number): Part => ({ name: 'images', filename: `${index}.png`, type: 'image/png', bytes: Buffer.from('x') })
    const oneMore = BODY_LIMITS.galleryUpload.maxFiles + 1
    const form = await readForm(multipartRequest('/admin/gallery', Array.from({ length: oneMore }, (_, index) => file(index))))
    expect(form.getAll('images')).toHaveLength(oneMore)
    await expect(readForm(multipartRequest('/admin/gallery', Array.from({ length: oneMore + 1 }, (_, index) => file(index))))).rejects.toThrow(FORM_LIMIT_MESSAGES.tooManyFiles)
    // A form without uploads: a stray empty file input is let through, two files are not.
    await expect(readForm(multipartRequest('/admin/testimonials', [file(1)]))).resolves.toBeInstanceOf(FormData)
    await expect(readForm(multipartRequest('/admin/testimonials', [file(1), file(2)]))).rejects.toThrow(FORM_LIMIT_MESSAGES.tooManyFiles)
  })

  test('too many fields are refused, never silently dropped', async () => {
    const fields = Array.from({ length: 101 }, (_, index) => ({ name: `f${index}`, value: 'x' }))
    await expect(readForm(multipartRequest('/admin/testimonials', fields))).rejects.toThrow(FORM_LIMIT_MESSAGES.tooManyFields)
    await expect(readForm(multipartRequest('/admin/testimonials', fields.slice(1)))).resolves.toBeInstanceOf(FormData)
  })

  test('a multipart body cut short or without a boundary is an error, and other bodies are read as before', async () => {
    const cutShort = new Request('http://site/admin/blogs', { method: 'POST', body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate`, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } })
    await expect(readForm(cutShort)).rejects.toThrow()
    const noBoundary = new Request('http://site/admin/blogs', { method: 'POST', body: 'intent=create', headers: { 'content-type': 'multipart/form-data' } })
    await expect(readForm(noBoundary)).rejects.toThrow()
    const encoded = new Request('http://site/admin/blogs', { method: 'POST', body: new URLSearchParams({ intent: 'create' }) })
    expect(Object.fromEntries(await readForm(encoded))).toEqual({ intent: 'create' })
  })
})
