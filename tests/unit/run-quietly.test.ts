import { expect, test } from 'vitest'
import { runQuietly } from '../../scripts/build/run-quietly.ts'

function run(script: string) {
  const shown: string[] = []
  return runQuietly(process.execPath, ['-e', script], (output) => shown.push(output)).then((code) => ({ code, shown: shown.join('') }))
}

test('a command that succeeds shows nothing of its output', async () => {
  expect(await run(`console.log('transforming... 3214 modules'); console.error('a warning')`)).toEqual({ code: 0, shown: '' })
})

test('a command that fails shows all it printed, on both streams, and its exit code is kept', async () => {
  const { code, shown } = await run(`console.log('transforming...'); console.error('error: app/root.tsx: unexpected token'); process.exit(3)`)
  expect(code).toBe(3)
  expect(shown).toContain('transforming...')
  expect(shown).toContain('error: app/root.tsx: unexpected token')
})

test('a command that cannot start is a failure with the reason shown', async () => {
  const shown: string[] = []
  expect(await runQuietly('/no/such/react-router', ['build'], (output) => shown.push(output))).toBe(1)
  expect(shown.join('')).toContain('ENOENT')
})
