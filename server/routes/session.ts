import { Hono } from 'hono'
import { z } from 'zod'
import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { EmbeddedWalletUser } from '../../src/schemas/embeddedWalletTypes'
import { bearerToken, findProvenSession } from '../auth/sessions'
import { proofRequestOf } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { ensureSolanaWallet } from '../custody/solanaWallets'
import type { AppEnv } from '../http/appEnv'
import { parseInput } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { chainIdSchema } from '../schemas/api'

const userQuery = z.object({ chainId: chainIdSchema.optional() })

/** GET user, GET is-connected and POST sign-out. */
export function sessionRoutes(context: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/user', sessionMiddleware(context), async (c) => {
      const { user } = c.get('auth')
      const query = parseInput(userQuery, c.req.query())
      const wallet = await context.storage.wallets.findByUserId(user.id)
      if (!wallet) throw new NoAccountsFoundError()
      // The Solana key is made here the first time (users from before it have none yet).
      const solana = await ensureSolanaWallet(context, user.id)
      // SPEC §3 "socialProvider" and "userName": the login the user was made with (the oldest).
      const [identity] = await context.storage.socialIdentities.findByUser(user.id)
      const body: EmbeddedWalletUser = {
        email: user.email,
        address: wallet.address,
        chainId: query.chainId ?? context.chains.ids()[0] ?? 1,
        accounts: [{ address: wallet.address, type: 'eoa' }],
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
        solana: { address: solana.address },
        ...(identity ? { socialProvider: identity.provider } : {}),
        ...(identity?.username ? { userName: identity.username } : {}),
      }
      return c.json(body)
    })
    .get('/is-connected', async (c) => {
      // A token without a valid proof by its key answers false; a stale nonce answers 401
      // (DeviceProofNonceError) so the frame retries with the fresh one instead of signing out.
      const token = bearerToken(c.req.header('authorization'))
      try {
        const auth = await findProvenSession(context, token, await proofRequestOf(c))
        return c.json({ isConnected: auth !== undefined })
      } catch (error) {
        if (error instanceof InvalidDeviceProofError) return c.json({ isConnected: false })
        throw error
      }
    })
    .post('/sign-out', async (c) => {
      // Idempotent: signing out an unknown or expired token succeeds too. A live token needs its
      // proof: a stolen token cannot end the visitor's session.
      const token = bearerToken(c.req.header('authorization'))
      const auth = await findProvenSession(context, token, await proofRequestOf(c))
      if (auth) await context.storage.sessions.delete(auth.session.id)
      return c.json({ success: true })
    })
}
