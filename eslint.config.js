import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Which folder may import which: app/lib is infrastructure (database, storage,
 * mail, settings, logging, uploads, request helpers) that knows nothing of the
 * school's content; app/domain holds the content rules on top of it;
 * app/services (auth, permissions, start-up, feeds, seed) join the two for the
 * server; components render in the browser too, so they never import server
 * code, even for its types. A specifier is matched as written: the `#app/…`
 * alias or a relative path climbing into the folder.
 */
function forbidden(folder, message) {
  return { regex: `^(#app/${folder}|(\\.\\./)+${folder})`, message }
}
const ROUTES = [forbidden('routes/', 'Routes use this module, not the other way round.'), forbidden('root\\.tsx', 'Routes use this module, not the other way round.')]
export const LAYER_RULES = {
  lib: [
    forbidden('domain/', 'app/lib is infrastructure: it must not import app/domain.'),
    forbidden('services/', 'app/lib is infrastructure: it must not import app/services.'),
    forbidden('components/', 'app/lib is infrastructure: it must not import components.'),
    ...ROUTES,
  ],
  domain: [
    forbidden('services/', 'app/domain must not import app/services (services build on the domain).'),
    forbidden('components/', 'app/domain must not import components.'),
    ...ROUTES,
  ],
  components: [
    { regex: '\\.server(\\.tsx?)?$', message: 'Components run in the browser: no .server module, not even for its types (move the type into a plain module).' },
    ...ROUTES,
  ],
  db: [{ regex: '^(#app/|#server/|#tests/|(\\.\\./)+(app|server|tests)/)', message: 'db/ is the schema and its drivers: it must not import the app.' }],
}
const TYPED_FILES = ['{app,server,db,scripts,tests}/**/*.{ts,tsx}']
const layer = (name) => ({ 'no-restricted-imports': ['error', { patterns: LAYER_RULES[name] }] })

export default tseslint.config(
  { ignores: ['build/', 'data/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', '.ci/node/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Rules that read types (floating promises, unsafe any, misused promises…) for the TypeScript of the app and its tools.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPED_FILES })),
  {
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A loader or action answers early by throwing a Response (redirect(), data()): React Router's way, not an error.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['app/lib/**/*.{ts,tsx}'], rules: layer('lib') },
  { files: ['app/domain/**/*.{ts,tsx}'], rules: layer('domain') },
  {
    // Better Auth owns the password hashes, account rows and one-time links, and its hooks call the user domain:
    // these write accounts (and invitation links) through it. The one import from services the domain keeps (a cycle to break by injection).
    files: ['app/domain/user/user-admin.server.ts', 'app/domain/user/verified-account.server.ts', 'app/domain/user/invitations.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbidden('services/(?!auth\\.server\\.ts$)', 'app/domain must not import app/services (services build on the domain).'), ...LAYER_RULES.domain.slice(1)] },
      ],
    },
  },
  { files: ['app/components/**/*.{ts,tsx}'], rules: layer('components') },
  { files: ['db/**/*.ts'], rules: layer('db') },
  {
    // Vitest types its asymmetric matchers (expect.any, expect.stringMatching…) as `any`: inside an expected object they are assignments of `any` by design.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-return': 'off' },
  },
  {
    // Playwright fixtures take `{}` when they need no other fixture.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
)
