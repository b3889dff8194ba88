import { defineConfig } from 'vitest/config'

/** `npm run test:faults`: the fault tests of `npm test` and the long mixed-load run, against the production build. */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/server/faults.test.ts', 'tests/faults/**/*.test.ts'],
    globalSetup: ['tests/setup/postgres-global.ts', 'tests/setup/require-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
