import { Hono } from 'hono'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { requireSecondFactor } from '../auth/secondFactorHooks'
import type { ServerContext } from '../context'
import { custodyModeOf } from '../custody/custodyMode'
import { listDevices, revokeDevice, slotFor, slotsOf } from '../custody/deviceShares'
import { importSealedWallet, importTarget } from '../custody/importWallet'
import { keyProofSchema, requireKeyProof } from '../custody/keyProof'
import {
  recoveryShareSchema,
  releaseShares,
  rotateShares,
  sealedSolanaOf,
  shareSchema,
  solanaAddressSchema,
  storeSealedWallet,
} from '../custody/sealedWallets'
import { completeUpgrade, keyForUpgrade } from '../custody/upgradeWallet'
import type { AppEnv } from '../http/appEnv'
import { parseInput, readJson } from '../http/readJson'
import { sessionMiddleware } from '../http/sessionMiddleware'
import { prepareSealedSend, sendSealed } from '../rpc/sendSealed'
import { sendSealedCall } from '../rpc/sendSealedCalls'
import { chainIdSchema, factorProofSchema } from '../schemas/api'
import { sendSealedSolana } from '../solana/sendSealedSolana'

const projectIdSchema = z.string().min(1).max(200)
const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address.') as unknown as z.ZodType<`0x${string}`>
const createBody = z
  .object({
    projectId: projectIdSchema,
    address: addressSchema,
    serverShare: shareSchema,
    recoveryShare: recoveryShareSchema.nullable(),
    solanaAddress: solanaAddressSchema.optional(),
    // The new keys signed for this session (server/custody/keyProof.ts).
    keyProof: keyProofSchema,
  })
  .strict()
const rotateBody = z
  .object({
    fromVersion: z.number().int().positive(),
    serverShare: shareSchema,
    recoveryShare: recoveryShareSchema,
    // The device held the split at `fromVersion`, the first one: it goes (deviceShares.ts).
    retireFirst: z.boolean().optional(),
  })
  .strict()
const revokeBody = z.object({ version: z.number().int().positive() }).strict()
const upgradeKeyBody = z.object({ projectId: projectIdSchema }).strict()
const splitBody = z
  .object({
    projectId: projectIdSchema,
    address: addressSchema,
    serverShare: shareSchema,
    recoveryShare: recoveryShareSchema,
  })
  .strict()
const upgradeBody = splitBody.extend({ solanaAddress: solanaAddressSchema }).strict()
const importBody = splitBody
  .extend({
    replace: z.object({ address: addressSchema, confirmed: z.boolean() }).strict().nullable(),
    factorProof: factorProofSchema.optional(),
    solanaAddress: solanaAddressSchema.optional(),
    keyProof: keyProofSchema,
  })
  .strict()
const solanaSendBody = z
  .object({
    request: z.unknown(),
    hash: z.string().max(66),
    transaction: z.string().min(1).max(2000),
  })
  .strict()
const sendBody = z.object({
  chainId: chainIdSchema,
  request: z.unknown(),
  hash: z.string().max(66),
  factorProof: factorProofSchema.optional(),
  // A call of an approved wallet_sendCalls batch (`request` is the batch).
  index: z.number().int().min(0).max(255).optional(),
})
const rawBody = sendBody.extend({
  raw: z.string().regex(/^0x[0-9a-fA-F]{2,262144}$/) as unknown as z.ZodType<`0x${string}`>,
  batch: z
    .object({
      id: z.string().regex(/^0x[0-9a-f]{64}$/) as unknown as z.ZodType<`0x${string}`>,
      salt: z.string().regex(/^[0-9a-f]{32}$/),
    })
    .strict()
    .optional(),
})

/**
 * Sealed wallets (docs/security.md), every route for a device-bound session only:
 * GET sealed-wallet (the user's custody, or the project's mode when there is no wallet yet),
 * POST sealed-wallet (the shares of a key the frame made), POST sealed-wallet/shares (releases
 * the server share of this device's split), POST sealed-wallet/rotate (this device's new split),
 * GET sealed-wallet/devices and POST sealed-wallet/devices/revoke (the devices with a split), and
 * POST sealed-wallet/upgrade/key and sealed-wallet/upgrade (a `server` wallet of a sealed project
 * split by the frame: its key once, then its shares replace it), GET and POST
 * sealed-wallet/import (the wallet an import would replace; the shares of an imported key), and
 * POST rpc/sealed/prepare and rpc/sealed/send (an approved transaction the frame signs; the
 * server only broadcasts; with `index`, a call of an approved wallet_sendCalls batch), and POST solana/sealed/send (the same for a Solana transaction).
 */
export function sealedWalletRoutes(context: ServerContext): Hono<AppEnv> {
  const sealedWalletOf = async (userId: string) => {
    const wallet = await context.storage.wallets.findByUserId(userId)
    if (!wallet) throw new NoAccountsFoundError()
    return wallet
  }
  return new Hono<AppEnv>()
    .get('/sealed-wallet', sessionMiddleware(context), async (c) => {
      const { session, user } = c.get('auth')
      const { projectId } = parseInput(
        z.object({ projectId: projectIdSchema.optional() }),
        c.req.query(),
      )
      const wallet = await context.storage.wallets.findByUserId(user.id)
      if (!wallet)
        return c.json({
          custody: 'none' as const,
          mode: custodyModeOf(context.options.custody, projectId),
        })
      if (wallet.custody !== 'sealed')
        return c.json({
          custody: 'server' as const,
          address: wallet.address,
          // `sealed`: the frame upgrades this wallet at its next approval.
          mode: custodyModeOf(context.options.custody, projectId),
        })
      // The split of this device (its own, the first, or one to recover from).
      const { slot } = slotFor((await slotsOf(context, user.id)).slots, session.deviceId)
      const solanaAddress = await sealedSolanaOf(context, user.id)
      return c.json({
        custody: 'sealed' as const,
        address: wallet.address,
        ...(solanaAddress ? { solanaAddress } : {}),
        recovery: slot.recoveryShare !== null,
        version: slot.version,
      })
    })
    .post('/sealed-wallet', sessionMiddleware(context), async (c) => {
      const auth = c.get('auth')
      const body = await readJson(c, createBody)
      if (custodyModeOf(context.options.custody, body.projectId) !== 'sealed')
        throw new InvalidRequestError({ reason: 'This project does not make sealed wallets.' })
      await requireKeyProof(context, auth, 'create', body)
      const stored = await storeSealedWallet(context, {
        userId: auth.user.id,
        address: body.address,
        serverShare: body.serverShare,
        recoveryShare: body.recoveryShare,
        solanaAddress: body.solanaAddress,
        deviceId: auth.session.deviceId,
      })
      if (!stored) throw new InvalidRequestError({ reason: 'This account has a wallet already.' })
      return c.json({ address: body.address })
    })
    .post('/sealed-wallet/shares', sessionMiddleware(context), async (c) => {
      const { session, user } = c.get('auth')
      return c.json(await releaseShares(context, user.id, session.deviceId))
    })
    .post('/sealed-wallet/rotate', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, rotateBody)
      const { session, user } = c.get('auth')
      const version = await rotateShares(context, {
        userId: user.id,
        deviceId: session.deviceId,
        ...body,
      })
      return c.json({ version })
    })
    .get('/sealed-wallet/devices', sessionMiddleware(context), async (c) =>
      c.json({ devices: await listDevices(context, c.get('auth')) }),
    )
    .post('/sealed-wallet/devices/revoke', sessionMiddleware(context), async (c) => {
      const { version } = await readJson(c, revokeBody)
      return c.json(await revokeDevice(context, c.get('auth'), version))
    })
    .post('/sealed-wallet/upgrade/key', sessionMiddleware(context), async (c) => {
      const { projectId } = await readJson(c, upgradeKeyBody)
      const key = await keyForUpgrade(context, { userId: c.get('auth').user.id, projectId })
      c.header('Cache-Control', 'no-store')
      return c.json(key)
    })
    .post('/sealed-wallet/upgrade', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, upgradeBody)
      const { session, user } = c.get('auth')
      await completeUpgrade(context, { userId: user.id, deviceId: session.deviceId, ...body })
      return c.json({ address: body.address, version: 1 })
    })
    .get('/sealed-wallet/import', sessionMiddleware(context), async (c) => {
      const { projectId } = parseInput(z.object({ projectId: projectIdSchema }), c.req.query())
      return c.json(await importTarget(context, { userId: c.get('auth').user.id, projectId }))
    })
    .post('/sealed-wallet/import', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, importBody)
      const auth = c.get('auth')
      const { factorProof, keyProof, ...imported } = body
      // Before the second factor, which a refused import must not spend.
      await requireKeyProof(context, auth, 'import', body)
      await requireSecondFactor(context, auth, 'import-wallet', factorProof)
      return c.json(
        await importSealedWallet(context, {
          userId: auth.user.id,
          deviceId: auth.session.deviceId,
          ...imported,
        }),
      )
    })
    .post('/rpc/sealed/prepare', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, sendBody)
      const auth = c.get('auth')
      const wallet = await sealedWalletOf(auth.user.id)
      return c.json({ transaction: await prepareSealedSend({ context, auth, wallet, ...body }) })
    })
    .post('/rpc/sealed/send', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, rawBody)
      const auth = c.get('auth')
      const wallet = await sealedWalletOf(auth.user.id)
      const { index, ...rest } = body
      // A batch's call: its hash and the batch it belongs to (sendSealedCalls.ts).
      if (index !== undefined)
        return c.json(await sendSealedCall({ context, auth, wallet, ...rest, index }))
      return c.json({ result: await sendSealed({ context, auth, wallet, ...rest }) })
    })
    .post('/solana/sealed/send', sessionMiddleware(context), async (c) => {
      const body = await readJson(c, solanaSendBody)
      const result = await sendSealedSolana(context, { userId: c.get('auth').user.id, ...body })
      context.metrics.signed('solana', 'solana_signAndSendTransaction')
      return c.json({ result })
    })
}
