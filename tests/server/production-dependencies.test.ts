import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { expect, test } from 'vitest'

/** The package a bare specifier names: `better-auth/plugins` → `better-auth`, `@aws-sdk/client-s3` → itself. */
function packageOf(specifier: string) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/**
 * Import statements begin their line in the bundle and in server.js; a dynamic import names its package alone.
 * Text in the bundled packages (`* import Database from 'better-sqlite3'` in a comment, `"from 'alg'"` in a
 * message) is no import.
 */
const IMPORTS = /^import\s[^;]*?\bfrom\s*["']([^"'.\s][^"'\s]*)["']|^import\s*["']([^"'.\s][^"'\s]*)["']|\bimport\(\s*["']([^"'.\s][^"'\s]*)["']\s*\)/gm

function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(IMPORTS)].map((match) => (match[1] ?? match[2] ?? match[3])!)
  return specifiers.filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier)).map(packageOf)
}

/**
 * `npm run serve` runs the build with production dependencies only (the
 * container's runtime stage installs `npm ci --omit=dev`): every package the
 * server bundle or server.js imports must be a dependency, not a devDependency.
 * server.js loads vite only in development.
 */
test('the production server imports only packages listed in dependencies', () => {
  const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
  const bundle = fs.readdirSync('build/server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
  const imported = new Set<string>()
  for (const file of bundle) for (const name of importedPackages(fs.readFileSync(path.join('build/server', file), 'utf8'))) imported.add(name)
  const entry = fs.readFileSync('server.js', 'utf8').replace(/await import\('vite'\)/, '')
  for (const name of importedPackages(entry)) imported.add(name)

  // The bundle carries every package but those that load files of their own (vite.config.ts); server.js imports a few.
  expect(imported).toEqual(new Set(['compression', 'express', 'express-static-gzip', 'pg', 'pino', 'pino-http', 'sharp']))
  expect([...imported].filter((name) => !(name in manifest.dependencies)).sort()).toEqual([])
})
