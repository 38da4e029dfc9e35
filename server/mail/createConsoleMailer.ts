import type { Logger } from '../logger'
import type { Mailer } from './types'

/** A dev mailer: prints each mail's text to the log instead of sending it. */
export function createConsoleMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      const rule = '─'.repeat(60)
      logger.info([rule, `Mail to ${mail.to}: ${mail.subject}`, '', mail.text, rule].join('\n'))
    },
  }
}
