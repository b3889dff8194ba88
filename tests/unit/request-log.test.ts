import { describe, expect, test } from 'vitest'
import { loggableUrl } from '#server/request-log.ts'
import { routeTable } from '#tests/setup/route-table.ts'

describe('request log URLs keep no secrets', () => {
  test.each([
    ['/auth/reset-password?token=abc123', '/auth/reset-password?token=redacted'],
    ['/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fauth', '/api/auth/verify-email?token=redacted&callbackURL=%2Fauth'],
    ['/api/auth/oauth2/callback/google?code=c0de&state=s7a7e', '/api/auth/oauth2/callback/google?code=redacted&state=redacted'],
  ])('a secret query value: %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged)
  })

  test.each([
    ['/api/auth/reset-password/Xy7tokenValue?callbackURL=%2Fauth%2Freset-password', '/api/auth/reset-password/redacted?callbackURL=%2Fauth%2Freset-password'],
    ['/api/auth/reset-password/Xy7tokenValue', '/api/auth/reset-password/redacted'],
    ['/api/auth/reset-password/Xy7tokenValue/', '/api/auth/reset-password/redacted/'],
    ['/API/Auth/Reset-Password/Xy7tokenValue', '/API/Auth/Reset-Password/redacted'],
    ['/api/auth/reset%2Dpassword/Xy7tokenValue', '/api/auth/reset%2Dpassword/redacted'],
    ['/api/auth/reset-password/Xy7%ZZtokenValue', '/api/auth/reset-password/redacted'],
  ])('a token in the path: %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged)
  })

  test.each([
    ['/preview/Pr3viewT0ken', '/preview/redacted'],
    ['/subscribe/manage/M4nageT0ken?saved=1', '/subscribe/manage/redacted?saved=1'],
    ['/unsubscribe/Uns4bT0ken', '/unsubscribe/redacted'],
    ['/Unsubscribe/Uns4bT0ken/', '/Unsubscribe/redacted/'],
    ['/subscribe/confirm/C0nfirmT0ken', '/subscribe/confirm/redacted'],
    ['/auth/invitation/Inv1teT0ken', '/auth/invitation/redacted'],
  ])("a route's secret segment: %s", (url, logged) => {
    expect(loggableUrl(url)).toBe(logged)
  })

  test('every route of app/routes.ts with a secret segment (a token) logs it redacted, and only it', () => {
    const secret = routeTable().filter(({ path }) => /:[\w]*(?:token|secret|key|code)\b/i.test(path))
    expect(secret.map(({ path }) => path)).toEqual(expect.arrayContaining(['/preview/:token', '/unsubscribe/:token', '/auth/invitation/:token']))
    for (const { path } of secret) {
      const address = path.replace(/:(\w+)/g, (_, name: string) => (/token|secret|key|code/i.test(name) ? 'S3cretValue' : `${name}-value`))
      const logged = loggableUrl(address)
      expect(logged, path).not.toContain('S3cretValue')
      expect(logged, path).toBe(address.replace('S3cretValue', 'redacted'))
    }
  })

  test.each(['/preview/posts/0b7e5c1e-7d2a-4f1e-9a51-5a4f0f5e2c11', '/subscribe', '/auth/invitation', '/api/auth/reset-password', '/api/auth/callback/google', '/files/policies/1700000000000-abcd1234.pdf', '/blogs/reset-password-tips'])(
    'a path without a secret is kept: %s',
    (url) => {
      expect(loggableUrl(url)).toBe(url)
    },
  )
})
