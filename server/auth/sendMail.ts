import { EmailDeliveryFailedError } from '../../src/errors/EmailDeliveryFailedError'
import type { ServerContext } from '../context'
import type { Mail } from '../mail/types'

/** Sends a mail; a mailer failure becomes `EmailDeliveryFailedError` (the cause is not shown to callers). */
export async function sendMail(context: Pick<ServerContext, 'mailer'>, mail: Mail): Promise<void> {
  try {
    await context.mailer.send(mail)
  } catch (error) {
    throw new EmailDeliveryFailedError({ cause: error })
  }
}
