import type { Request, Response } from 'express'
import { describe, expect, test, vi } from 'vitest'
import { limitRequestSize, MAX_REQUEST_BYTES } from '#server/request-size.ts'

function run(contentLength?: number) {
  const req = { headers: contentLength === undefined ? {} : { 'content-length': String(contentLength) } } as unknown as Request
  const sent: { status?: number; body?: string } = {}
  const res = {
    status(code: number) {
      sent.status = code
      return this
    },
    type() {
      return this
    },
    send(body: string) {
      sent.body = body
      return this
    },
  } as unknown as Response
  const next = vi.fn()
  limitRequestSize()(req, res, next)
  return { sent, passed: next.mock.calls.length === 1 }
}

describe('request size limit', () => {
  test('a full gallery upload fits; one byte more is refused with 413 before reading', () => {
    expect(MAX_REQUEST_BYTES).toBeGreaterThan(20 * 10 * 1024 * 1024)
    expect(run(MAX_REQUEST_BYTES).passed).toBe(true)
    expect(run(undefined).passed).toBe(true)
    expect(run(MAX_REQUEST_BYTES + 1)).toEqual({ sent: { status: 413, body: 'Request too large' }, passed: false })
  })
})
