import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#app/lib/env.server.ts'

/** A key pair of the right shape (as `npx web-push generate-vapid-keys` prints). */
const VAPID = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) }

describe('configuration', () => {
  test('needs nothing: port 3000, SQLite and files under ./data', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('data', 'school.sqlite') })
    expect(config.storage).toEqual({ driver: 'local', root: path.resolve('data', 'storage') })
    expect(config.seedDemo).toBe(true)
    expect(config.publicUrl).toBe('http://localhost:3000')
  })

  test('a postgres URL selects PostgreSQL; a path selects a SQLite file', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/school' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://u:p@db:5432/school',
    })
    expect(loadConfig({ DATABASE_URL: '/srv/school.db' }).database).toEqual({ engine: 'sqlite', file: '/srv/school.db' })
  })

  test('S3 settings select the S3 driver', () => {
    const config = loadConfig({ S3_BUCKET: 'school', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'school', forcePathStyle: true })
  })

  test('accounts: mail to files, rate limits on, no proxy trusted, no sign-in providers unless configured', () => {
    const config = loadConfig({})
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'no-reply@localhost', ratePerMinute: 600 })
    expect(config.authRateLimit).toBe(true)
    expect(config.trustProxy).toBe(false)
    expect(config.oauthProviders).toEqual([])
  })

  test('SMTP_URL, MAIL_FROM, MAIL_RATE_PER_MINUTE, AUTH_RATE_LIMIT and TRUST_PROXY are read', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Head <head@school.example>', MAIL_RATE_PER_MINUTE: '120', AUTH_RATE_LIMIT: 'false', TRUST_PROXY: '1' })
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pass@mail.example:465', from: 'Head <head@school.example>', ratePerMinute: 120 })
    expect(config.authRateLimit).toBe(false)
    expect(config.trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1')
  })

  test('change streams last 10 minutes unless CHANGE_STREAM_LIFETIME_SECONDS says otherwise; a bad value is named', () => {
    expect(loadConfig({}).changeStreamLifetimeMs).toBe(600_000)
    expect(loadConfig({ CHANGE_STREAM_LIFETIME_SECONDS: '90' }).changeStreamLifetimeMs).toBe(90_000)
    for (const value of ['0', 'ten', '1.5', '86401']) {
      expect(() => loadConfig({ CHANGE_STREAM_LIFETIME_SECONDS: value }), value).toThrow(/CHANGE_STREAM_LIFETIME_SECONDS/)
    }
  })

  test('the page cache keeps 32 MB unless PAGE_CACHE_MB says otherwise; 0 turns it off; a bad value is named', () => {
    expect(loadConfig({}).pageCacheBytes).toBe(32 * 1024 * 1024)
    expect(loadConfig({ PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0)
    for (const value of ['-1', '1.5', 'lots', '5000']) expect(() => loadConfig({ PAGE_CACHE_MB: value }), value).toThrow(/PAGE_CACHE_MB/)
  })

  test('each provider with a client id and secret becomes a sign-in button, Microsoft on the common tenant by default', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
      OIDC_ISSUER: 'https://idp.school.example/realms/staff/',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
      OIDC_NAME: 'Staff Login',
    })
    expect(config.oauthProviders).toEqual([
      { id: 'google', name: 'Google', clientId: 'g-id', clientSecret: 'g-secret', discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration' },
      { id: 'microsoft', name: 'Microsoft', clientId: 'm-id', clientSecret: 'm-secret', tenant: 'common' },
      { id: 'oidc', name: 'Staff Login', clientId: 'o-id', clientSecret: 'o-secret', discoveryUrl: 'https://idp.school.example/realms/staff/.well-known/openid-configuration' },
    ])
    expect(loadConfig({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 's', MICROSOFT_TENANT_ID: 'school.example' }).oauthProviders[0]).toMatchObject({ tenant: 'school.example' })
  })

  test('push: no keys configured (made in the data folder), the sender named by the mail address or else the https address', () => {
    expect(loadConfig({}).push).toEqual({ vapidKeys: undefined, subject: 'mailto:no-reply@localhost' })
    expect(loadConfig({ MAIL_FROM: 'Oak School <office@oak.example>', PUBLIC_URL: 'https://oak.example' }).push.subject).toBe('mailto:office@oak.example')
    expect(loadConfig({ PUBLIC_URL: 'https://oak.example/' }).push.subject).toBe('https://oak.example')
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:head@oak.example', VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey }).push).toEqual({
      vapidKeys: VAPID,
      subject: 'mailto:head@oak.example',
    })
  })

  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/school' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '123' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['S3_BUCKET', { STORAGE_DRIVER: 's3' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example:587' }],
    ['MAIL_RATE_PER_MINUTE', { MAIL_RATE_PER_MINUTE: '0' }],
    ['AUTH_RATE_LIMIT', { AUTH_RATE_LIMIT: 'off' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'everyone' }],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id' }],
    ['MICROSOFT_CLIENT_ID', { MICROSOFT_CLIENT_SECRET: 'secret' }],
    ['OIDC_ISSUER', { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }],
    ['VAPID_PRIVATE_KEY', { VAPID_PUBLIC_KEY: VAPID.publicKey }],
    ['VAPID_PUBLIC_KEY', { VAPID_PRIVATE_KEY: VAPID.privateKey }],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: VAPID.privateKey }],
    ['VAPID_SUBJECT', { VAPID_SUBJECT: 'http://school.example' }],
  ])('a bad %s stops start-up with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`))
  })
})
