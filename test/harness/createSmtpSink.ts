import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { MailNotReceivedError } from './MailNotReceivedError'

/** A mail the sink received. */
export interface ReceivedMail {
  to: string[]
  subject: string
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  body: string
}

/** A real SMTP server on loopback that keeps every mail (tests and the dev harness). */
export interface SmtpSink {
  url: string
  mails: ReceivedMail[]
  /** The newest mail to `to`, waiting up to `timeoutMs` for it. @throws MailNotReceivedError */
  waitForMail(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>
  /** The 6-digit code in the newest mail to `to`. @throws MailNotReceivedError */
  waitForCode(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Options of {@link createSmtpSink}. */
export interface SmtpSinkOptions {
  /** Waits this long after a mail's data before accepting it (a slow mail relay). @default 0 */
  acceptDelayMs?: number
  /** Called when a mail's data starts arriving (the sender is now waiting for the sink). */
  onData?: () => void
}

/** Starts the sink on 127.0.0.1 and a free port. */
export async function createSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      options.onData?.()
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
        mails.push({ to, subject, body: decodeQuotedPrintable(raw) })
        if (options.acceptDelayMs) setTimeout(callback, options.acceptDelayMs)
        else callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  async function waitForMail(to: string, { after = 0, timeoutMs = 5_000 } = {}) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = mails.slice(after).findLast((mail) => mail.to.includes(to.toLowerCase()))
      if (found) return found
      if (Date.now() > deadline)
        throw new MailNotReceivedError({ to, reason: 'timeout', timeoutMs })
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    async waitForCode(to, options) {
      const mail = await waitForMail(to, options)
      const code = /: (\d{6})$/.exec(mail.subject)?.[1]
      if (!code) throw new MailNotReceivedError({ to, reason: 'noCode', subject: mail.subject })
      return code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
