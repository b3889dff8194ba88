import { defineConfig } from 'vitest/config'

const integration = ['tests/integration/**/*.test.ts']

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: integration,
          env: { TEST_ENGINE: 'sqlite' },
          setupFiles: ['tests/setup/test-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...integration, 'tests/postgres/**/*.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/setup/postgres-global.ts'],
          setupFiles: ['tests/setup/test-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/postgres-global.ts', 'tests/setup/require-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
