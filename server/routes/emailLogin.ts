import { type Context, Hono } from 'hono'
import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import { connectDevice, connectEmail, connectOtp } from '../auth/emailLogin'
import { bearerToken, findProvenSession } from '../auth/sessions'
import { proofRequestOf, verifyRequestProof } from '../auth/verifyRequestProof'
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
  // The session token counts (CONNECT) only with a valid proof by the session's device key.
  const provenToken = async (c: Context<AppEnv>) => {
    const token = bearerToken(c.req.header('authorization'))
    try {
      return (await findProvenSession(context, token, await proofRequestOf(c))) ? token : undefined
    } catch (error) {
      if (error instanceof InvalidDeviceProofError) return undefined
      throw error
    }
  }
  return new Hono<AppEnv>()
    .post('/connect-email', async (c) => {
      const body = await readJson(c, connectEmailBody)
      const token = await provenToken(c)
      return c.json(await connectEmail(context, { ...body, token }, caller(c)))
    })
    .post('/connect-device', async (c) => {
      const body = await readJson(c, connectDeviceBody)
      return c.json(await connectDevice(context, body, caller(c)))
    })
    .post('/connect-otp', async (c) => {
      // The login proof names the device key the new session is bound to.
      const deviceKey = await verifyRequestProof(context, await proofRequestOf(c))
      const body = await readJson(c, connectOtpBody)
      return c.json(await connectOtp(context, { ...body, deviceKey }, caller(c)))
    })
}
