import { describe, expect, test } from 'vitest'
import { loggableUrl } from '#server/request-log.ts'

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

  test.each(['/api/auth/reset-password', '/api/auth/callback/google', '/files/policies/1700000000000-abcd1234.pdf', '/blogs/reset-password-tips'])(
    'a path without a secret is kept: %s',
    (url) => {
      expect(loggableUrl(url)).toBe(url)
    },
  )
})
