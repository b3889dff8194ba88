import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { answerAction, validated, validatedForm } from '#app/lib/action.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'

/** What `data(...)` hands the router: the body and its status and headers. */
function asAnswer(outcome: unknown) {
  const { data, init } = outcome as { data: unknown; init: ResponseInit | null }
  return { body: data, status: init?.status, headers: new Headers(init?.headers) }
}

describe('one way an admin action answers', () => {
  test('the returned message is the success toast', async () => {
    expect(await answerAction(() => Promise.resolve('Blog created successfully'))).toEqual({ ok: true, message: 'Blog created successfully' })
    expect(await answerAction(() => Promise.resolve({ ok: true as const, message: 'Done', id: 'x' }))).toEqual({ ok: true, message: 'Done', id: 'x' })
  })

  test.each([
    [DomainError.invalidField('slug', 'Slug is required'), 400, { slug: 'Slug is required' }],
    [DomainError.forbidden('Only admins may do this'), 403, {}],
    [DomainError.notFound('Blog post not found'), 404, {}],
    [DomainError.conflict('A blog post with this slug already exists', { slug: 'A blog post with this slug already exists' }), 409, { slug: 'A blog post with this slug already exists' }],
    [DomainError.unavailable('The mail server is not answering'), 503, {}],
  ])('a refusal (%s) answers its status, its message and its field messages', async (error, status, fieldErrors) => {
    const answer = asAnswer(
      await answerAction(() => Promise.reject(error)),
    )
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ ok: false, error: error.message, fieldErrors })
  })

  test('too many attempts answer 429 with Retry-After', async () => {
    const answer = asAnswer(
      await answerAction(() => Promise.reject(DomainError.rateLimited('Too many messages. Please try again later.', 120))),
    )
    expect(answer.status).toBe(429)
    expect(answer.headers.get('Retry-After')).toBe('120')
  })

  test('an error that is not a refusal is not swallowed', async () => {
    await expect(
      answerAction(() => Promise.reject(new Error('database is gone'))),
    ).rejects.toThrow('database is gone')
  })

  test('a form that breaks the schema is refused with the first message and every field message', async () => {
    const schema = z.object({ title: z.string().min(1, 'Title is required'), slug: z.string().min(1, 'Slug is required') })
    expect(() => validated(schema, { title: '', slug: '' })).toThrow(expect.objectContaining({ code: 'invalid', message: 'Title is required', fields: { title: 'Title is required', slug: 'Slug is required' } }))
    const notAForm = new Request('http://localhost/admin/blogs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    await expect(validatedForm(schema, notAForm)).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining('could not be read as a form') })
  })
})
