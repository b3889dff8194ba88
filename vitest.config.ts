import { defineConfig } from 'vitest/config'

const integration = ['tests/integration/**/*.test.ts']

/**
 * Unit and integration files each get their own database, so they run two at a
 * time even on a 2-core machine (Vitest's default is one fewer than the cores).
 * Server-process tests start whole servers and time their answers: they run
 * one at a time, after the others.
 */
const parallelFiles = { maxWorkers: 2, sequence: { groupOrder: 0 } }
const oneFileAtATime = { maxWorkers: 1, sequence: { groupOrder: 1 } }

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...parallelFiles,
          include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          ...parallelFiles,
          include: integration,
          env: { TEST_ENGINE: 'sqlite' },
          setupFiles: ['tests/setup/test-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          ...parallelFiles,
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
          ...oneFileAtATime,
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
