// First, so that every file the process creates afterwards is private to its account.
import './private-data.server.ts'
import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://school.example' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^postgres(ql)?:\/\//i.test(value),
    'must be a SQLite file path or a postgres:// URL',
  ),
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  AUTH_RATE_LIMIT: booleanFlag.default(true),
  TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone })
        return true
      } catch {
        return false
      }
    }, 'must be an IANA time zone such as Europe/London')
    .optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\/[^/]+/i.test(value),
    'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587',
  ),
  // A bare address: mails go out under the school's name (a name given here is kept).
  MAIL_FROM: z.string().trim().min(3).default('no-reply@localhost'),
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of mails a minute' })
    .int('must be a whole number of mails a minute')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(600),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2}|[0-9a-f.:/,\s]+|loopback|linklocal|uniquelocal)$/i, {
      error: 'must be false, true, a number of proxies, or proxy addresses (comma-separated)',
    })
    .default('false'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT_ID: z.string().trim().regex(/^[\w.-]+$/, 'must be a tenant id, a domain, or common').default('common'),
  OIDC_ISSUER: z.url({ error: 'must be the issuer URL of an OpenID Connect provider' }).optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().trim().min(1).max(40).default('School account'),
  CHANGE_STREAM_LIFETIME_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(600),
  VAPID_PUBLIC_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{87}$/.test(value), 'must be a VAPID public key (87 base64url characters), as `npx web-push generate-vapid-keys` prints'),
  VAPID_PRIVATE_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{43}$/.test(value), 'must be a VAPID private key (43 base64url characters), as `npx web-push generate-vapid-keys` prints'),
  VAPID_SUBJECT: optionalText.refine((value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), 'must be a mailto: address or an https:// URL'),
  PAGE_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int('must be a whole number of megabytes').min(0, 'must be 0 (off) or more').max(4096, 'must be at most 4096').default(32),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
})

export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string }

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3'
      bucket: string
      region: string
      endpoint?: string
      forcePathStyle: boolean
      accessKeyId?: string
      secretAccessKey?: string
    }

export type AppConfig = ReturnType<typeof loadConfig>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and checks the environment. Throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const values = parsed.data
  const dataDir = path.resolve(values.DATA_DIR)

  const database: DatabaseConfig =
    values.DATABASE_URL && /^postgres(ql)?:\/\//i.test(values.DATABASE_URL)
      ? { engine: 'postgres', url: values.DATABASE_URL }
      : {
          engine: 'sqlite',
          file: path.resolve(dataDir, values.DATABASE_URL?.replace(/^file:/, '') ?? 'school.sqlite'),
        }

  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(`Invalid configuration:\n  VAPID_${values.VAPID_PUBLIC_KEY ? 'PRIVATE' : 'PUBLIC'}_KEY: is required when VAPID_${values.VAPID_PUBLIC_KEY ? 'PUBLIC' : 'PRIVATE'}_KEY is set`)
  }
  const publicUrl = values.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${values.PORT}`

  const storageDriver = values.STORAGE_DRIVER ?? (values.S3_BUCKET ? 's3' : 'local')
  if (storageDriver === 's3' && !values.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required when STORAGE_DRIVER is s3')
  }
  const storage: StorageConfig =
    storageDriver === 's3'
      ? {
          driver: 's3',
          bucket: values.S3_BUCKET as string,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
        }
      : { driver: 'local', root: path.join(dataDir, 'storage') }

  return {
    env: values.NODE_ENV,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM, ratePerMinute: values.MAIL_RATE_PER_MINUTE },
    /** Express's 'trust proxy' setting: whom to believe about the client's address in X-Forwarded-For. */
    trustProxy: trustProxySetting(values.TRUST_PROXY),
    oauthProviders: oauthProviders(values),
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir,
    database,
    authSecret: values.AUTH_SECRET,
    firstAdmin: { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD },
    seedDemo: values.SEED_DEMO,
    /** Per-address limits on sign-in, sign-up, password-reset and confirmation-mail requests. */
    authRateLimit: values.AUTH_RATE_LIMIT,
    /** The school's time zone: event times are shown and entered in it. */
    timeZone: values.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    storage,
    /** How long one change stream (/api/changes) stays open before the server ends it and the browser reconnects. */
    changeStreamLifetimeMs: values.CHANGE_STREAM_LIFETIME_SECONDS * 1000,
    logLevel: values.LOG_LEVEL,
    /** Bytes of finished public pages kept in memory for anonymous visitors (server/page-cache.ts); 0 turns the cache off. */
    pageCacheBytes: values.PAGE_CACHE_MB * 1024 * 1024,
    /** Web Push: the configured key pair (none: made once in the data folder) and who push services may contact about our pushes. */
    push: {
      vapidKeys: values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY } : undefined,
      subject: values.VAPID_SUBJECT ?? vapidSubject(values.MAIL_FROM, publicUrl),
    },
  }
}

/**
 * Push services want a way to reach the sender: the site's mail address,
 * unless it is a placeholder on localhost (some services refuse those), then
 * the public https address.
 */
function vapidSubject(mailFrom: string, publicUrl: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : undefined)
  const placeholder = !address || /@localhost$/i.test(address)
  if (placeholder && publicUrl.startsWith('https://')) return publicUrl
  return `mailto:${address ?? 'no-reply@localhost'}`
}

function trustProxySetting(value: string): boolean | number | string {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true'
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

export type OAuthProviderConfig = {
  id: 'google' | 'microsoft' | 'oidc'
  /** The button reads 'Continue with <name>'. */
  name: string
  clientId: string
  clientSecret: string
  /** Where the provider's OpenID Connect discovery document lives (Google and any school IdP). */
  discoveryUrl?: string
  /** Microsoft's multi-tenant endpoints, given directly: its discovery document names no single issuer. */
  tenant?: string
}

/** The sign-in providers whose client id and secret are both set, in button order. */
function oauthProviders(values: z.infer<typeof envSchema>): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = []
  const pairs = [
    ['GOOGLE', values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET],
    ['MICROSOFT', values.MICROSOFT_CLIENT_ID, values.MICROSOFT_CLIENT_SECRET],
    ['OIDC', values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET],
  ] as const
  for (const [prefix, id, secret] of pairs) {
    if (Boolean(id) !== Boolean(secret)) {
      throw new ConfigError(`Invalid configuration:\n  ${prefix}_CLIENT_${id ? 'SECRET' : 'ID'}: is required when ${prefix}_CLIENT_${id ? 'ID' : 'SECRET'} is set`)
    }
  }
  if (values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      clientId: values.GOOGLE_CLIENT_ID,
      clientSecret: values.GOOGLE_CLIENT_SECRET,
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    })
  }
  if (values.MICROSOFT_CLIENT_ID && values.MICROSOFT_CLIENT_SECRET) {
    providers.push({
      id: 'microsoft',
      name: 'Microsoft',
      clientId: values.MICROSOFT_CLIENT_ID,
      clientSecret: values.MICROSOFT_CLIENT_SECRET,
      tenant: values.MICROSOFT_TENANT_ID,
    })
  }
  if (values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET) {
    if (!values.OIDC_ISSUER) throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER: is required when OIDC_CLIENT_ID is set')
    providers.push({
      id: 'oidc',
      name: values.OIDC_NAME,
      clientId: values.OIDC_CLIENT_ID,
      clientSecret: values.OIDC_CLIENT_SECRET,
      discoveryUrl: `${values.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
    })
  }
  return providers
}

/** The configuration of this process, read once at start-up. */
export const config = loadConfig()
