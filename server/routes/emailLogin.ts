import { Hono } from 'hono'
import { connectDevice, connectEmail, connectOtp } from '../auth/emailLogin'
import { bearerToken } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { readJson } from '../http/readJson'
import { connectDeviceBody, connectEmailBody, connectOtpBody } from '../schemas/api'

/** POST connect-email, connect-device and connect-otp (SPEC §4 email login). */
export function emailLoginRoutes(context: ServerContext): Hono<AppEnv> {
  const caller = (c: Parameters<typeof clientAddress>[0]) => ({
    clientAddress: clientAddress(c, context.options.trustProxy),
  })
  return new Hono<AppEnv>()
    .post('/connect-email', async (c) => {
      const body = await readJson(c, connectEmailBody)
      const token = bearerToken(c.req.header('authorization'))
      return c.json(await connectEmail(context, { ...body, token }, caller(c)))
    })
    .post('/connect-device', async (c) => {
      const body = await readJson(c, connectDeviceBody)
      return c.json(await connectDevice(context, body, caller(c)))
    })
    .post('/connect-otp', async (c) => {
      const body = await readJson(c, connectOtpBody)
      return c.json(await connectOtp(context, body, caller(c)))
    })
}
