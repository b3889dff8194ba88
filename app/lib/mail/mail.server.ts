import path from 'node:path'
import { config } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { singleton } from '../singleton.server.ts'
import { createMailer } from './mailer.server.ts'

/** This process's mailer, from SMTP_URL, MAIL_FROM and MAIL_RATE_PER_MINUTE. */
export const mailer = singleton('mailer', () =>
  createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    ratePerMinute: config.mail.ratePerMinute,
    outbox: path.join(config.dataDir, 'mail'),
    log: (message) => logger.info(message),
  }),
)
