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
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${values.PORT}`,
    dataDir,
    database,
    authSecret: values.AUTH_SECRET,
    firstAdmin: { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD },
    seedDemo: values.SEED_DEMO,
    /** Better Auth's per-address limits on sign-in and sign-up attempts. */
    authRateLimit: values.AUTH_RATE_LIMIT,
    /** The school's time zone: event times are shown and entered in it. */
    timeZone: values.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    storage,
  }
}

/** The configuration of this process, read once at start-up. */
export const config = loadConfig()
