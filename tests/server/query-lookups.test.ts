import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'

/*
 * Words taken from the address and looked up in a table of the app: names
 * that every JavaScript object answers to (its prototype's properties) must
 * be unknown words like any other, not a crash.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__']
const SIGN_IN_DID_NOT_WORK = 'Signing in with that account did not work. Please try again.'

let app: AppProcess

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' })
})

afterAll(async () => {
  await app.stop()
})

describe('/auth?error=<code>, the code a provider sign-in or confirmation link comes back with', () => {
  test.each(PROTOTYPE_NAMES)('%s is an unknown code: the page says sign-in did not work', async (code) => {
    const response = await fetch(`${app.url}/auth?error=${encodeURIComponent(code)}`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain(SIGN_IN_DID_NOT_WORK)
  })

  test('a known code keeps its own message', async () => {
    const html = await (await fetch(`${app.url}/auth?error=account_not_linked`)).text()
    expect(html).toContain('This email already has an account. Please sign in with your password.')
  })

  test('nothing reached the error log', () => {
    const lines = app.output().split('\n').filter((line) => line.startsWith('{'))
    expect(lines.length).toBeGreaterThan(0)
    const logged = lines.map((line) => JSON.parse(line) as { level: string; msg?: string })
    expect(logged.filter((entry) => entry.level !== 'info')).toEqual([])
    expect(app.output()).not.toMatch(/Objects are not valid|Error: /)
  })
})
