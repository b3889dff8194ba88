import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/** React, React DOM and React Router: every page needs them, so they travel as one file. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper/

/** The route modules every public page renders: what they import statically loads on every public page anyway. */
const PUBLIC_SHELL = /[\\/]app[\\/](root\.tsx|routes[\\/]site[\\/]layout\.tsx)(\?|$)/
const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/])/

/**
 * Packages whose index re-exports every part: a module imports one icon or primitive from them, yet the
 * graph shows it importing all of them. Their specifiers as written in imports, by the index's file.
 */
const BARRELS: Record<string, string> = {
  'lucide-react/dist/esm/lucide-react.mjs': 'lucide-react',
  'radix-ui/dist/index.mjs': 'radix-ui',
}

interface ModuleInfo {
  importers: readonly string[]
  code: string | null
}
type Graph = (id: string) => ModuleInfo | null

const barrelOf = (id: string) => Object.entries(BARRELS).find(([file]) => id.replaceAll('\\', '/').endsWith(`node_modules/${file}`))?.[1]

/**
 * What a module's code says, read with regular expressions once per module and build: the same barrel is read for
 * each of its parts a page uses, and the same page module for each barrel it imports from.
 */
function readOnce<T>(read: (code: string) => T) {
  const kept = new Map<string, T>()
  return (code: string) => {
    if (!kept.has(code)) kept.set(code, read(code))
    return kept.get(code)!
  }
}

/** A barrel's re-exports: lucide-react's `export { default as X } from './icons/x.mjs'`, radix-ui's `import * as X from '@radix-ui/react-x'`. */
const reExportsOf = readOnce((code) => ({
  named: [...code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)].map(([, list, source]) => ({
    names: list!.split(',').map((name) => name.trim().split(/\s+as\s+/).pop()!),
    suffix: source!.replace(/^\.\//, '/'),
  })),
  namespaces: [...code.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*["']([^"']+)["']/g)].map(([, name, source]) => ({ name: name!, folder: `/node_modules/${source}/` })),
}))

/** A module's named imports, by specifier. */
const namedImportsOf = readOnce((code) =>
  [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)].map(([, list, source]) => ({
    source: source!,
    names: list!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!),
  })),
)

/** The names under which a barrel re-exports the module `id`. */
function namesInBarrel(barrelCode: string, id: string) {
  const path = id.replaceAll('\\', '/')
  const { named, namespaces } = reExportsOf(barrelCode)
  return [...named.filter(({ suffix }) => path.endsWith(suffix)).flatMap(({ names }) => names), ...namespaces.filter(({ folder }) => path.includes(folder)).map(({ name }) => name)]
}

/** Whether the module's code imports any of `names` from `specifier`. */
function importsNamed(code: string, specifier: string, names: readonly string[]) {
  return namedImportsOf(code).some(({ source, names: imported }) => source === specifier && imported.some((name) => names.includes(name)))
}

/**
 * The route modules that import the module statically, directly or through other modules (not through another
 * route module). Through a barrel only the modules naming the part count.
 */
function importingRoutes(id: string, graph: Graph, found = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return found
  seen.add(id)
  const follow = (importer: string) => {
    if (ROUTE_MODULE.test(importer)) found.add(importer.replace(/\?.*$/, ''))
    else importingRoutes(importer, graph, found, seen)
  }
  for (const importer of graph(id)?.importers ?? []) {
    const barrel = barrelOf(importer)
    if (!barrel) {
      follow(importer)
      continue
    }
    const names = namesInBarrel(graph(importer)?.code ?? '', id)
    for (const user of graph(importer)?.importers ?? []) if (importsNamed(graph(user)?.code ?? '', barrel, names)) follow(user)
  }
  return found
}

const PUBLIC_PAGE = /[\\/]app[\\/]routes[\\/]site[\\/]([\w-]+)\.tsx$/

/** Public pages reached only through a link of their own (previews, e-mailed links): they share their code among themselves. */
const LINKED_ONLY = /^(page-preview|post-preview|shared-preview|subscribe-confirm|subscribe-manage|unsubscribe)$/

/**
 * Which chunk a module of the public pages goes to, so that a public page loads a handful of files, not dozens:
 * React Router preloads every chunk a page needs as a request of its own (docs/product-rules.md#performance-budget).
 * - 'site': what the root and the site layout use, and what several public pages share;
 * - 'page-<route>': what one public page alone uses (or only pages reached through links of their own);
 * - anything else (the back office) is left to the bundler.
 */
function publicChunk(id: string, graph: Graph): string | null {
  if (ROUTE_MODULE.test(id)) return null
  const routes = [...importingRoutes(id, graph)]
  if (routes.some((route) => PUBLIC_SHELL.test(route))) return 'site'
  const pages = routes.flatMap((route) => PUBLIC_PAGE.exec(route)?.[1] ?? [])
  if (pages.length === 0) return null
  const distinct = [...new Set(pages)].sort()
  if (distinct.length === 1) return `page-${distinct[0]}`
  return distinct.some((page) => !LINKED_ONLY.test(page)) ? 'site' : `page-${distinct.join('+')}`
}

interface ChunkingContext {
  getModuleInfo: (id: string) => ModuleInfo | null
}

/**
 * One build's chunk names, each module's worked out once: the bundler asks for every module's name more than once,
 * and each answer walks the module's importers through the graph, whose modules it hands over anew on each call
 * (their code too). Without this the client build took about a minute.
 */
const chunkNamesByBuild = new WeakMap<ChunkingContext, (id: string) => string | null>()
function chunkNamesOf(context: ChunkingContext) {
  let namesOf = chunkNamesByBuild.get(context)
  if (!namesOf) {
    const modules = new Map<string, ModuleInfo | null>()
    const graph: Graph = (id) => {
      if (!modules.has(id)) {
        // The bundler's module info reads `code` across to JavaScript on each access: kept as read once.
        const info = context.getModuleInfo(id)
        modules.set(id, info && { importers: info.importers, code: info.code })
      }
      return modules.get(id)!
    }
    const names = new Map<string, string | null>()
    namesOf = (id) => {
      if (!names.has(id)) names.set(id, publicChunk(id, graph))
      return names.get(id)!
    }
    chunkNamesByBuild.set(context, namesOf)
  }
  return namesOf
}

/**
 * `includeDependenciesRecursively: false` needs entries that may gain exports; React Router asks for
 * 'exports-only', which this keeps apart from that (it still reads each route module's own exports).
 */
const entriesMayGainExports: Plugin = {
  name: 'entries-may-gain-exports',
  enforce: 'post',
  configEnvironment: (name) => (name === 'client' ? { build: { rollupOptions: { preserveEntrySignatures: 'allow-extension' } } } : undefined),
}

/**
 * Packages the server build leaves to node_modules: a native addon (sharp), and packages that load files of their
 * own at run time (pg's optional native binding, pino's worker threads). Every other package is bundled: Node
 * resolving and compiling some 2,000 files of node_modules was most of a start (docs/decisions/038-server-bundle.md).
 */
const LOADED_FROM_NODE_MODULES = ['sharp', 'pg', 'pino', 'pino-http']

export default defineConfig(({ command }) => ({
  // The server build's entry is our Express app (server/app.ts), which mounts
  // React Router's request handler and runs start-up work (see server.js).
  environments: {
    // The development server loads packages as they are, as Node would.
    ssr: { resolve: command === 'build' ? { noExternal: true, external: LOADED_FROM_NODE_MODULES } : {}, build: { rollupOptions: { input: './server/app.ts' } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                {
                  name: (id, context) => chunkNamesOf(context)(id),
                  priority: 1,
                  // Each module's chunk is chosen above, its imports' too: a page's chunk must not take in the site's modules.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), entriesMayGainExports],
}))
