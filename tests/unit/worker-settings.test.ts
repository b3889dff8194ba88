import os from 'node:os'
import { expect, test } from 'vitest'
import { memoryFlags, workerSettings } from '../../server/workers.js'

test('WEB_CONCURRENCY defaults to the cores, at most 4, and no more than MEMORY_LIMIT_MB holds at 200 MB each', () => {
  expect(workerSettings({}).workers).toBe(Math.min(os.availableParallelism(), 4))
  expect(workerSettings({ WEB_CONCURRENCY: '3' }).workers).toBe(3)
  expect(workerSettings({ MEMORY_LIMIT_MB: '399' }).workers).toBe(1)
  expect(workerSettings({ MEMORY_LIMIT_MB: '400' }).workers).toBe(Math.min(os.availableParallelism(), 2))
  expect(workerSettings({ MEMORY_LIMIT_MB: '200', WEB_CONCURRENCY: '2' }).workers).toBe(2)
})

test("MEMORY_LIMIT_MB is the whole server's: the primary's share first, the rest split among the workers' heaps, less what each holds outside its heap and its page cache", () => {
  expect(workerSettings({}).heapMb).toBe(256)
  expect(workerSettings({ MEMORY_LIMIT_MB: '512', WEB_CONCURRENCY: '1' }).heapMb).toBe(512 - 120 - 32)
  expect(workerSettings({ MEMORY_LIMIT_MB: '700', WEB_CONCURRENCY: '2' }).heapMb).toBe((700 - 50) / 2 - 120 - 32)
  expect(workerSettings({ MEMORY_LIMIT_MB: '700', WEB_CONCURRENCY: '2', PAGE_CACHE_MB: '0' }).heapMb).toBe((700 - 50) / 2 - 120)
  expect(workerSettings({ MEMORY_LIMIT_MB: '700', WEB_CONCURRENCY: '2', PAGE_CACHE_MB: '8' }).heapMb).toBe((700 - 50) / 2 - 120 - 8)
  // A wrong PAGE_CACHE_MB is the app's to report; the cap counts the default.
  expect(workerSettings({ MEMORY_LIMIT_MB: '700', WEB_CONCURRENCY: '2', PAGE_CACHE_MB: 'lots' }).heapMb).toBe((700 - 50) / 2 - 120 - 32)
  expect(workerSettings({ MEMORY_LIMIT_MB: '200', WEB_CONCURRENCY: '1' }).heapMb).toBe(64)
  expect(workerSettings({ MEMORY_LIMIT_MB: '128', WEB_CONCURRENCY: '4' }).heapMb).toBe(64)
})

test('a value that is not a whole number in range is named', () => {
  expect(workerSettings({ WEB_CONCURRENCY: '0' }).problems).toEqual(['  WEB_CONCURRENCY: must be a whole number from 1 to 64'])
  expect(workerSettings({ MEMORY_LIMIT_MB: 'half' }).problems).toEqual(['  MEMORY_LIMIT_MB: must be a whole number from 128 to 1048576'])
})

test('a server process starts with a small young generation, the heap cap and glibc settings, unless it was given its own', () => {
  expect(memoryFlags({ heapMb: 256 }, {}, [])).toEqual({
    flags: ['--max-semi-space-size=8', '--max-old-space-size=256'],
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
  })
  expect(memoryFlags({ heapMb: 256 }, { NODE_OPTIONS: '--max-old-space-size=900', MALLOC_ARENA_MAX: '4' }, ['--max-semi-space-size=16'])).toEqual({
    flags: [],
    env: { MALLOC_MMAP_THRESHOLD_: '131072' },
  })
})
