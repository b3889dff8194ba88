import { betterAuth } from 'better-auth'
import { PASSWORD_MIN_LENGTH } from '#app/domain/user/credentials.schema.ts'
import { createProfileForNewUser } from '#app/domain/user/user.server.ts'
import { resolveAuthSecret } from './auth-secret.server.ts'
import { database } from './db.server.ts'
import { config } from './env.server.ts'
import { singleton } from './singleton.server.ts'

function createAuth() {
  return betterAuth({
    appName: 'School Website',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.engine },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
    },
    rateLimit: { enabled: config.authRateLimit },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile (status pending) and the role 'user' (spec §6).
          after: async (user) => createProfileForNewUser({ id: user.id, email: user.email, name: user.name }),
        },
      },
    },
  })
}

export const auth = singleton('auth', createAuth)
