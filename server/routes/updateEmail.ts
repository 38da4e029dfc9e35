import { Hono } from 'hono'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '../auth/emailChange'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { otpBody, updateEmailBody } from '../schemas/api'

/** POST update-email, then update-email/primary-otp, then update-email/secondary-otp (SPEC §4). */
export function updateEmailRoutes(context: ServerContext): Hono<AppEnv> {
  const caller = (c: Parameters<typeof clientAddress>[0]) => ({
    clientAddress: clientAddress(c, context.options.trustProxy),
  })
  return new Hono<AppEnv>()
    .use(sessionMiddleware(context))
    .post('/', async (c) => {
      const body = await readJson(c, updateEmailBody)
      return c.json(await updateEmail(context, c.get('auth'), body, caller(c)))
    })
    .post('/primary-otp', async (c) => {
      const body = await readJson(c, otpBody)
      return c.json(await updateEmailPrimaryOtp(context, c.get('auth'), body, caller(c)))
    })
    .post('/secondary-otp', async (c) => {
      const body = await readJson(c, otpBody)
      return c.json(await updateEmailSecondaryOtp(context, c.get('auth'), body, caller(c)))
    })
}
