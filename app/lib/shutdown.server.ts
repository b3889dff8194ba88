import { singleton } from './singleton.server.ts'

type ShutdownHandler = () => void

const handlers = singleton('shutdownHandlers', () => new Set<ShutdownHandler>())

/** Registers work to do when the process stops (for example ending open event streams). */
export function onShutdown(handler: ShutdownHandler): () => void {
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
  }
}

export function runShutdownHandlers() {
  for (const handler of [...handlers]) handler()
  handlers.clear()
}
