import { BaseError } from '../../src/errors/base'

/**
 * Why the sink gave up: `timeout` (no mail to the address within the wait) or `noCode` (the
 * newest mail to it has no 6-digit code in its subject).
 */
export type MailNotReceivedReason = 'timeout' | 'noCode'

/** Thrown by the test SMTP sink when the awaited mail, or the code in it, did not arrive. */
export class MailNotReceivedError extends BaseError {
  override name = 'MailNotReceivedError'
  /** The address waited for. */
  to: string
  /** Why the sink gave up. */
  reason: MailNotReceivedReason

  constructor({
    to,
    reason,
    timeoutMs,
    subject,
  }:
    | { to: string; reason: 'timeout'; timeoutMs: number; subject?: undefined }
    | { to: string; reason: 'noCode'; subject: string; timeoutMs?: undefined }) {
    super(
      reason === 'timeout'
        ? `No mail to ${to} arrived within ${timeoutMs} ms`
        : `The mail to ${to} has no 6-digit code`,
      {
        metaMessages: [
          `Reason: ${reason}`,
          ...(subject === undefined ? [] : [`Subject: ${subject}`]),
        ],
      },
    )
    this.to = to
    this.reason = reason
  }
}
