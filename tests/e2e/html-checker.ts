import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const NU_CHECKER_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar')

export interface HtmlProblem {
  page: string
  line?: number
  message: string
}

interface NuMessage {
  type: string
  url?: string
  lastLine?: number
  message: string
}

/**
 * The errors the W3C Nu HTML Checker (the validator behind validator.w3.org/nu,
 * from the `vnu-jar` package, run with the machine's Java) finds in each
 * page's HTML, checked together in one Java start.
 */
export async function htmlErrors(pages: Record<string, string>): Promise<HtmlProblem[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'nu-check-'))
  try {
    const files = new Map<string, string>()
    for (const [index, [page, html]] of Object.entries(pages).entries()) {
      const file = path.join(folder, `page-${index}.html`)
      await writeFile(file, html)
      files.set(`file:${file}`, page)
    }
    // The checker exits 1 when it finds errors; its findings are on stderr either way.
    const { stderr } = await run('java', ['-jar', NU_CHECKER_JAR, '--errors-only', '--format', 'json', ...[...files.keys()].map((url) => url.slice('file:'.length))], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stderr?: string; code?: number }) => {
        if (error.code === 1 && error.stderr) return { stderr: error.stderr }
        throw error
      },
    )
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] }
    return messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => ({ page: files.get(message.url ?? '') ?? message.url ?? '?', line: message.lastLine, message: message.message }))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
