import { pino } from 'pino'
import { config } from './env.server.ts'
import { singleton } from './singleton.server.ts'

/**
 * The server's log: one JSON object per line on standard output, for
 * whatever collects the logs (journald, Docker, a log service). Request lines
 * carry the request id that the visitor's error page and the X-Request-Id
 * header show, so one complaint leads to one line.
 */
export const logger = singleton('logger', () =>
  pino({
    level: config.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  }),
)
