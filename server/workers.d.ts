// Types of server/workers.js (plain JavaScript, loaded by server.js before any bundle).
export interface WorkerSettings {
  workers?: number
  memoryLimitMb?: number
  heapMb?: number
  problems: string[]
}
export function workerSettings(env?: Record<string, string | undefined>): WorkerSettings
export function processRole(
  env?: Record<string, string | undefined>,
  development?: boolean,
): { role: 'single' | 'primary' | 'worker'; slot: number; start: 'setup' | 'wait' | 'now'; settings?: WorkerSettings }
export function memoryFlags(
  settings: { heapMb?: number },
  env?: Record<string, string | undefined>,
  execArgv?: string[],
): { flags: string[]; env: Record<string, string> }
export function restartWithMemoryFlags(settings: { heapMb?: number }): void
export function setUpElsewhere(): Promise<void>
export function reportSetUp(options: { leaving: boolean }): void
export function runPrimary(settings: { workers: number; heapMb?: number }): void
