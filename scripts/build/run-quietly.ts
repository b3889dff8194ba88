// Runs a command with its output held back: shown only if it fails. `npm start` builds this way, so that a
// newcomer's first screen is the site's address and password, not some 200 lines of bundler output.
import { spawn } from 'node:child_process'

/** Resolves to the command's exit code; its output is written to `show` only when that code is not 0. */
export function runQuietly(command: string, args: string[], show: (output: string) => void = (output) => process.stderr.write(output)): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('error', (error) => {
      show(`${error.message}\n`)
      resolve(1)
    })
    child.once('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0)
      if (status !== 0) show(Buffer.concat(output).toString('utf8'))
      resolve(status)
    })
  })
}
