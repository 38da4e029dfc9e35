import { loadPeer } from '../loadPeer'
import type { Mailer } from './types'

/**
 * A mailer over SMTP with nodemailer (optional peer).
 * @example
 * const mailer = await createSmtpMailer({ url: 'smtps://user:pass@smtp.example.com', from: 'Latchkey <no-reply@example.com>' })
 */
export async function createSmtpMailer({
  url,
  from,
}: {
  url: string
  from: string
}): Promise<Mailer> {
  const nodemailer = await loadPeer('nodemailer', () => import('nodemailer'))
  const transport = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
