import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSmtpMailer } from '../../server/mail/createSmtpMailer'
import { createSmtpSink, type SmtpSink } from './createSmtpSink'
import { MailNotReceivedError } from './MailNotReceivedError'

// The sink tests wait on: a real SMTP round trip through the server's own mailer (nodemailer),
// and a typed error a failing test can name when the mail never comes.

describe('createSmtpSink', () => {
  let sink: SmtpSink
  let send: (to: string, subject: string) => Promise<void>

  beforeAll(async () => {
    sink = await createSmtpSink()
    const mailer = await createSmtpMailer({ url: sink.url, from: 'Latchkey <no-reply@test>' })
    send = (to, subject) => mailer.send({ to, subject, text: subject, html: `<p>${subject}</p>` })
  })
  afterAll(() => sink.close())

  test('default: the code in the newest mail to an address, whatever its case', async () => {
    await send('Ada@Example.com', 'Your Latchkey code: 123456')
    await send('ada@example.com', 'Your Latchkey code: 654321')
    await expect(sink.waitForCode('ada@example.com')).resolves.toBe('654321')
  })

  test('error: no mail to the address within the wait is a MailNotReceivedError', async () => {
    await send('someone@example.com', 'Your Latchkey code: 111111')
    const waiting = sink.waitForMail('nobody@example.com', { timeoutMs: 50 })
    await expect(waiting).rejects.toBeInstanceOf(MailNotReceivedError)
    await expect(waiting).rejects.toMatchObject({
      to: 'nobody@example.com',
      reason: 'timeout',
      shortMessage: 'No mail to nobody@example.com arrived within 50 ms',
    })
  })

  test('error: a mail without a code is a MailNotReceivedError naming its subject', async () => {
    await send('grace@example.com', 'Welcome to Latchkey')
    const waiting = sink.waitForCode('grace@example.com')
    await expect(waiting).rejects.toBeInstanceOf(MailNotReceivedError)
    await expect(waiting).rejects.toMatchObject({
      reason: 'noCode',
      shortMessage: 'The mail to grace@example.com has no 6-digit code',
      metaMessages: ['Reason: noCode', 'Subject: Welcome to Latchkey'],
    })
  })
})
