import { BaseError } from '../../src/errors/base'

/** Thrown by the test SMTP sink when the awaited mail (or the code in it) did not arrive. */
export class MailNotReceivedError extends BaseError {
  override name = 'MailNotReceivedError'

  constructor({ to, reason }: { to: string; reason: string }) {
    super(`No mail to ${to} as expected`, { details: reason })
  }
}
