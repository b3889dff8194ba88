import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/*
 * The layer rules of eslint.config.js, run on a line of code as if it were in
 * a file of each folder. The import rule needs no types: without the
 * type-aware parser's program a check takes milliseconds, not seconds.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
})

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = value\n`, { filePath })
  return (result?.messages ?? []).map((message) => message.message)
}

const LIB = 'app/lib/css.ts'
const DOMAIN = 'app/domain/policy/policy.ts'
const COMPONENT = 'app/components/site/policy-card.tsx'
const DB = 'db/portable.ts'

describe('what each folder may import', () => {
  test.each([
    [LIB, "import { value } from '#app/domain/policy/policy.ts'", 'app/lib is infrastructure: it must not import app/domain.'],
    [LIB, "import { value } from '../domain/policy/policy.ts'", 'app/lib is infrastructure: it must not import app/domain.'],
    [LIB, "import { value } from '#app/services/permissions.server.ts'", 'app/lib is infrastructure: it must not import app/services.'],
    [LIB, "import { value } from '#app/components/ui/sonner.tsx'", 'app/lib is infrastructure: it must not import components.'],
    [LIB, "import { value } from '#app/routes/site/home.tsx'", 'Routes use this module, not the other way round.'],
    [DOMAIN, "import { value } from '#app/services/bootstrap.server.ts'", 'app/domain must not import app/services (services build on the domain).'],
    [DOMAIN, "import { value } from '../../components/ui/sonner.tsx'", 'app/domain must not import components.'],
    [DOMAIN, "import type { value } from '#app/root.tsx'", 'Routes use this module, not the other way round.'],
    [COMPONENT, "import type { value } from '#app/domain/policy/policy.server.ts'", 'Components run in the browser: no .server module, not even for its types (move the type into a plain module).'],
    [COMPONENT, "import { value } from '#app/lib/env.server.ts'", 'Components run in the browser: no .server module, not even for its types (move the type into a plain module).'],
    [COMPONENT, "import type { value } from '#app/routes/admin/policies.tsx'", 'Routes use this module, not the other way round.'],
    [DB, "import { value } from '#app/lib/db.server.ts'", 'db/ is the schema and its drivers: it must not import the app.'],
    [DB, "import { value } from '../app/lib/db.server.ts'", 'db/ is the schema and its drivers: it must not import the app.'],
  ])('%s refuses: %s', async (filePath, code, message) => {
    expect((await layerErrors(filePath, code)).join('\n')).toContain(message)
  }, 120_000)

  test.each([
    [LIB, "import { value } from '#app/lib/url-rules.ts'"],
    [DOMAIN, "import { value } from '#app/lib/url-rules.ts'"],
    [COMPONENT, "import { value } from '#app/domain/policy/policy.ts'"],
    [DB, "import { value } from './columns.ts'"],
  ])('%s may: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([])
  }, 120_000)
})
