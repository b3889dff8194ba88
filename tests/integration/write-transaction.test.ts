import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { logger } from '#app/lib/logger.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { addBeforeCommitStep, writeTransaction } from '#app/lib/transaction.server.ts'
import { storeImage } from '#app/lib/uploads/uploads.server.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

async function storedImage() {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer()
  return storeImage(storage, 'uploads', new Uint8Array(bytes))
}

async function testimonialRow(id: string) {
  return db.selectFrom('testimonials').select('id').where('id', '=', id).executeTakeFirst()
}

function newTestimonial(id: string) {
  return { id, parent_name: 'A parent', message: 'Lovely school.', rating: 5 }
}

function listen() {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(['testimonials'], (change) => changes.push(change))
  return { changes, unsubscribe }
}

describe(`one write transaction on ${database.engine}`, () => {
  test('after commit: the row is there, each change is published once, replaced files are removed, follow-up steps run', async () => {
    const replaced = await storedImage()
    const id = newId()
    const { changes, unsubscribe } = listen()
    const seenInside: boolean[] = []
    const order: string[] = []
    const result = await writeTransaction(async (tx) => {
      await tx.db.insertInto('testimonials').values(newTestimonial(id)).execute()
      tx.publish({ table: 'testimonials', type: 'insert', id }, { table: 'testimonials', type: 'insert', id })
      tx.removeFilesAfterCommit(replaced, null)
      tx.afterCommit(() => void order.push('effect'))
      seenInside.push(changes.length > 0, !(await isStored(replaced)))
      order.push('work done')
      return 'stored'
    })
    unsubscribe()
    expect(result).toBe('stored')
    expect(seenInside).toEqual([false, false])
    expect(order).toEqual(['work done', 'effect'])
    expect(await testimonialRow(id)).toEqual({ id })
    expect(changes).toEqual([{ table: 'testimonials', type: 'insert', id }])
    expect(await isStored(replaced)).toBe(false)
  })

  test('a refusal rolls back: no row, no change published, queued removals dropped, files uploaded for the write removed', async () => {
    const kept = await storedImage()
    const uploaded = await storedImage()
    const id = newId()
    const { changes, unsubscribe } = listen()
    const refusal = writeTransaction(
      async (tx) => {
        await tx.db.insertInto('testimonials').values(newTestimonial(id)).execute()
        tx.publish({ table: 'testimonials', type: 'insert', id })
        tx.removeFilesAfterCommit(kept)
        tx.afterCommit(() => {
          throw new Error('must not run')
        })
        throw DomainError.conflict('Taken', { name: 'Taken' })
      },
      { uploads: [uploaded] },
    )
    await expect(refusal).rejects.toMatchObject({ code: 'conflict', status: 409, fields: { name: 'Taken' } })
    unsubscribe()
    expect(await testimonialRow(id)).toBeUndefined()
    expect(changes).toEqual([])
    expect(await isStored(kept)).toBe(true)
    expect(await isStored(uploaded)).toBe(false)
  })

  test('a nested write joins the outer one: its effects wait for the outer commit and vanish with its rollback', async () => {
    const first = newId()
    const second = newId()
    const uploaded = await storedImage()
    const { changes, unsubscribe } = listen()
    await expect(
      writeTransaction(async (outer) => {
        await outer.db.insertInto('testimonials').values(newTestimonial(first)).execute()
        await writeTransaction(
          async (inner) => {
            expect(inner).toBe(outer)
            await inner.db.insertInto('testimonials').values(newTestimonial(second)).execute()
            inner.publish({ table: 'testimonials', type: 'insert', id: second })
          },
          { uploads: [uploaded] },
        )
        expect(changes).toEqual([])
        throw DomainError.invalid('Refused after the inner write')
      }),
    ).rejects.toBeInstanceOf(DomainError)
    unsubscribe()
    expect(await testimonialRow(first)).toBeUndefined()
    expect(await testimonialRow(second)).toBeUndefined()
    expect(changes).toEqual([])
    expect(await isStored(uploaded)).toBe(false)
  })

  test('a follow-up step that fails is logged, not thrown: the committed write stands and later steps still run', async () => {
    const id = newId()
    const ran: string[] = []
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    await writeTransaction(async (tx) => {
      await tx.db.insertInto('testimonials').values(newTestimonial(id)).execute()
      tx.afterCommit(() => {
        throw new Error('mail server down')
      })
      tx.afterCommit(() => void ran.push('second'))
    })
    expect(await testimonialRow(id)).toEqual({ id })
    expect(ran).toEqual(['second'])
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })

  test('before-commit steps see the write\'s changes inside its transaction, once, after a nested write too; their failure rolls the write back', async () => {
    const seen: Array<{ changes: Change[]; rowInside: boolean }> = []
    const stop = addBeforeCommitStep(async (tx, changes) => {
      const ids = changes.filter((change) => change.table === 'testimonials').map((change) => change.id)
      const rows = ids.length ? await tx.db.selectFrom('testimonials').select('id').where('id', 'in', ids).execute() : []
      seen.push({ changes: [...changes], rowInside: rows.length === ids.length && ids.length > 0 })
    })
    const id = newId()
    const inner = newId()
    await writeTransaction(async (tx) => {
      await tx.db.insertInto('testimonials').values(newTestimonial(id)).execute()
      tx.publish({ table: 'testimonials', type: 'insert', id }, { table: 'testimonials', type: 'insert', id })
      await writeTransaction(async (nested) => {
        await nested.db.insertInto('testimonials').values(newTestimonial(inner)).execute()
        nested.publish({ table: 'testimonials', type: 'insert', id: inner })
      })
    })
    stop()
    expect(seen).toEqual([{ changes: [{ table: 'testimonials', type: 'insert', id }, { table: 'testimonials', type: 'insert', id: inner }], rowInside: true }])

    const failing = addBeforeCommitStep(() => Promise.reject(new Error('index full')))
    const refused = newId()
    await expect(
      writeTransaction(async (tx) => {
        await tx.db.insertInto('testimonials').values(newTestimonial(refused)).execute()
        tx.publish({ table: 'testimonials', type: 'insert', id: refused })
      }),
    ).rejects.toThrow('index full')
    failing()
    expect(await testimonialRow(refused)).toBeUndefined()
  })
})
