import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Service {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

/** Starts a long-running process and waits until `url` answers; the output is kept for error messages. */
export async function startService(command: string, args: string[], url: string, env: Record<string, string> = {}): Promise<Service> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  // The end of the output is enough to say why a start failed; a busy server's request log would fill memory.
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`${command} did not answer at ${url}:\n${output}`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
