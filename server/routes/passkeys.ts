import { Hono } from 'hono'
import { z } from 'zod'
import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import { rateLimit } from '../auth/rateLimit'
import { proofRequestOf, verifyRequestProof } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { hasSecondFactor, requireFactorProof } from '../factors/factorProofs'
import type { AppEnv } from '../http/appEnv'
import { clientAddress } from '../http/clientAddress'
import { readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { loginWithPasskey, passkeyLoginOptions } from '../passkeys/loginWithPasskey'
import { relyingParty } from '../passkeys/passkeyChallenges'
import { passkeyRegistrationOptions, registerPasskey } from '../passkeys/registerPasskey'
import { removePasskey, sealingCredentials } from '../passkeys/removePasskey'
import {
  authenticationResponseSchema,
  registrationResponseSchema,
} from '../passkeys/webauthnSchemas'
import { deviceIdSchema, factorProofSchema } from '../schemas/api'

const emptyBody = z.object({}).strict()
const projectId = z.string().min(1).max(200).optional()
const registerBody = z
  .object({
    response: registrationResponseSchema,
    projectId,
    factorProof: factorProofSchema.optional(),
  })
  .strict()
const removeBody = z
  .object({
    credentialId: z
      .string()
      .max(1366)
      .regex(/^[A-Za-z0-9_-]+$/),
    factorProof: factorProofSchema.optional(),
  })
  .strict()
const loginBody = z
  .object({ response: authenticationResponseSchema, deviceId: deviceIdSchema, projectId })
  .strict()

/**
 * Passkeys (server/API.md "Passkeys"): a signed-in user registers one (options, then the
 * attestation), lists and removes them, and anyone signs in with one alone (options, then the assertion), the new
 * session bound to the device key of the request's proof as `/connect-otp`'s is.
 */
export function passkeyRoutes(context: ServerContext): Hono<AppEnv> {
  // The register challenge is bound to the session's device key, as the login one is to the proof's.
  const sessionThumbprint = async (sessionId: string) => {
    const key = await context.storage.sessionKeys.find(sessionId)
    if (!key) throw new InvalidDeviceProofError({ reason: 'The session has no device key.' })
    return key.thumbprint
  }
  return new Hono<AppEnv>()
    .get('/passkeys', sessionMiddleware(context), async (c) => {
      const { user } = c.get('auth')
      const passkeys = await context.storage.passkeys.findByUser(user.id)
      const sealing = await sealingCredentials(context, user.id)
      return c.json({
        rpId: relyingParty(context).rpId,
        passkeys: passkeys.map(({ credentialId, prf, createdAt, usedAt }) => ({
          credentialId,
          prf,
          createdAt,
          usedAt,
          // Its PRF output seals the recovery share: removed only after a password replaces it.
          sealsRecovery: sealing.has(credentialId),
        })),
      })
    })
    .post('/passkey/register/options', sessionMiddleware(context), async (c) => {
      await readJson(c, emptyBody)
      const auth = c.get('auth')
      const thumbprint = await sessionThumbprint(auth.session.id)
      return c.json(await passkeyRegistrationOptions(context, { auth, thumbprint }))
    })
    .post('/passkey/register', sessionMiddleware(context), async (c) => {
      const { response, projectId, factorProof } = await readJson(c, registerBody)
      const auth = c.get('auth')
      // A new way to sign in: once the user has a second factor, the policy may ask for it.
      if (
        context.options.secondFactor.loginMethods &&
        (await hasSecondFactor(context, auth.user.id))
      )
        await requireFactorProof(context, auth, { action: 'login-method' }, factorProof)
      const thumbprint = await sessionThumbprint(auth.session.id)
      return c.json(await registerPasskey(context, { auth, thumbprint, projectId, response }))
    })
    .post('/passkey/remove', sessionMiddleware(context), async (c) => {
      const { credentialId, factorProof } = await readJson(c, removeBody)
      return c.json(
        await removePasskey(context, { auth: c.get('auth'), credentialId, factorProof }),
      )
    })
    .post('/passkey/login/options', async (c) => {
      const deviceKey = await verifyRequestProof(context, await proofRequestOf(c))
      await readJson(c, emptyBody)
      await rateLimit(
        context,
        `passkey-challenge:${clientAddress(c, context.options.trustProxy)}`,
        context.options.passkeys.challengesPerAddress,
      )
      return c.json(await passkeyLoginOptions(context, { thumbprint: deviceKey.thumbprint }))
    })
    .post('/passkey/login', async (c) => {
      // The login proof names the device key the new session is bound to.
      const deviceKey = await verifyRequestProof(context, await proofRequestOf(c))
      const { response, deviceId, projectId } = await readJson(c, loginBody)
      return c.json(await loginWithPasskey(context, { deviceKey, deviceId, projectId, response }))
    })
}
