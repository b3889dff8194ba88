import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { expect, test } from 'vitest'

/** The package a bare specifier names: `better-auth/plugins` → `better-auth`, `@aws-sdk/client-s3` → itself. */
function packageOf(specifier: string) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

function importedPackages(source: string): string[] {
  // A specifier has no white space: a text such as `"…one from", next: "…"` in the bundle is no import.
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"'.\s][^"'\s]*)["']/gm)].map((match) => match[1]!)
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

  expect(imported.size).toBeGreaterThan(20)
  expect([...imported].filter((name) => !(name in manifest.dependencies)).sort()).toEqual([])
})
