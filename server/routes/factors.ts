import { Hono } from 'hono'
import { z } from 'zod'
import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import { secondFactorActions } from '../../src/errors/SecondFactorRequiredError'
import type { ServerContext } from '../context'
import { exportWallet } from '../factors/exportWallet'
import {
  beginTotp,
  confirmTotp,
  factorStatus,
  passkeyFactorOptions,
  removeTotp,
  replaceRecoveryCodes,
  verifyFactor,
} from '../factors/secondFactors'
import { signThreshold, tokenThresholds } from '../factors/signPolicy'
import type { AppEnv } from '../http/appEnv'
import { parseInput, readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { authenticationResponseSchema } from '../passkeys/webauthnSchemas'
import { factorProofSchema } from '../schemas/api'

const action = z.enum(secondFactorActions)
const proofBody = z.object({ factorProof: factorProofSchema.optional() }).strict()
const codeSchema = z.string().regex(/^\d{6}$/, 'Expected the 6-digit code.')
const verifyBody = z
  .object({
    action,
    /** What exactly: a transaction's request hash (`sign`). */
    subject: z
      .string()
      .regex(/^0x[0-9a-f]{64}$/)
      .optional(),
    code: codeSchema.optional(),
    recoveryCode: z.string().min(16).max(32).optional(),
    passkey: authenticationResponseSchema.optional(),
    projectId: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine(
    (body) => [body.code, body.recoveryCode, body.passkey].filter(Boolean).length === 1,
    'Give one of code, recoveryCode or passkey.',
  )

/**
 * Second factors and export (server/API.md "Second factors"), every route for a device-bound
 * session: GET factors (what the user has, the project's policy), POST factors/totp/setup,
 * /confirm and /remove, POST factors/recovery-codes, POST factors/passkey/options, POST
 * factors/verify (a fresh proof for one action), and POST export (after one).
 */
export function factorRoutes(context: ServerContext): Hono<AppEnv> {
  const sessionThumbprint = async (sessionId: string) => {
    const key = await context.storage.sessionKeys.find(sessionId)
    if (!key) throw new InvalidDeviceProofError({ reason: 'The session has no device key.' })
    return key.thumbprint
  }
  return new Hono<AppEnv>()
    .get('/factors', sessionMiddleware(context), async (c) => {
      const { chainId } = parseInput(
        z.object({ chainId: z.coerce.number().int().positive().optional() }),
        c.req.query(),
      )
      const threshold = chainId === undefined ? undefined : signThreshold(context, chainId)
      const status = await factorStatus(context, c.get('auth').user.id)
      return c.json({
        ...status,
        policy: {
          loginMethods: context.options.secondFactor.loginMethods,
          // In wei, for the chain asked about; null: no threshold there.
          signAbove: threshold === undefined ? null : threshold.toString(),
          // The chain's token thresholds, in each token's smallest unit (signPolicy.ts).
          tokenAbove:
            chainId === undefined || threshold === undefined
              ? {}
              : Object.fromEntries(
                  Object.entries(tokenThresholds(context, chainId)).map(([token, amount]) => [
                    token,
                    amount.toString(),
                  ]),
                ),
        },
      })
    })
    .post('/factors/totp/setup', sessionMiddleware(context), async (c) => {
      const { factorProof } = await readJson(c, proofBody)
      c.header('Cache-Control', 'no-store')
      return c.json(await beginTotp(context, c.get('auth'), factorProof))
    })
    .post('/factors/totp/confirm', sessionMiddleware(context), async (c) => {
      const { code } = await readJson(c, z.object({ code: codeSchema }).strict())
      c.header('Cache-Control', 'no-store')
      return c.json(await confirmTotp(context, c.get('auth'), code))
    })
    .post('/factors/totp/remove', sessionMiddleware(context), async (c) => {
      const { factorProof } = await readJson(c, proofBody)
      await removeTotp(context, c.get('auth'), factorProof)
      return c.json({ totp: false })
    })
    .post('/factors/recovery-codes', sessionMiddleware(context), async (c) => {
      const { factorProof } = await readJson(c, proofBody)
      c.header('Cache-Control', 'no-store')
      return c.json(await replaceRecoveryCodes(context, c.get('auth'), factorProof))
    })
    .post('/factors/passkey/options', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, z.object({ action }).strict())
      const auth = c.get('auth')
      const thumbprint = await sessionThumbprint(auth.session.id)
      return c.json(await passkeyFactorOptions(context, { auth, thumbprint, action: body.action }))
    })
    .post('/factors/verify', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, verifyBody)
      const auth = c.get('auth')
      const thumbprint = await sessionThumbprint(auth.session.id)
      const answer = body.passkey
        ? { passkey: body.passkey, projectId: body.projectId }
        : body.recoveryCode
          ? { recoveryCode: body.recoveryCode }
          : { code: body.code ?? '' }
      const scope = { action: body.action, subject: body.subject }
      return c.json(await verifyFactor(context, { auth, thumbprint, scope, answer }))
    })
    .post('/export', sessionMiddleware(context), async (c) => {
      const { factorProof } = await readJson(c, proofBody)
      c.header('Cache-Control', 'no-store')
      return c.json(await exportWallet(context, c.get('auth'), factorProof))
    })
}
