import { ed25519 } from '@noble/curves/ed25519'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { isSolanaAddress } from '../../src/solana/solanaAddress'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import type { ServerContext } from '../context'
import { decrypt, encrypt } from '../crypto/encryption'
import { keysOf } from '../crypto/masterKey'
import type { WalletRecord } from '../storage/types'
import { maxSplits, type SlotKind, slotFor, slotsOf } from './deviceShares'
import { prfRecoveryShareSchema } from './prfRecoveryShare'

type Context = Pick<ServerContext, 'keys' | 'now' | 'storage'>

/**
 * A share as the frame sends it: the `shamir-secret-sharing` bytes, base64: 32 + 1 of the EVM key
 * alone (wallets sealed before Solana was), or 64 + 1 of the EVM key and the Solana seed together.
 */
export const shareSchema = z
  .string()
  .regex(/^([A-Za-z0-9+/]{44}|[A-Za-z0-9+/]{87}=)$/, 'Expected a 33- or 65-byte share as base64.')

/**
 * Whether 32 bytes are a public key an ed25519 seed can have: a point of the curve in its
 * prime-order subgroup, not the identity (a program-derived address, off the curve, and a
 * small-order point have no seed).
 */
function isSeedKey(bytes: Uint8Array): boolean {
  try {
    const point = ed25519.ExtendedPoint.fromHex(bytes)
    return point.isTorsionFree() && !point.isSmallOrder()
  } catch {
    return false
  }
}

/**
 * A sealed Solana account's address: base58 of its 32-byte ed25519 public key, which the seed in
 * the shares must be able to have (the server never sees the seed, so this is what it can check).
 */
export const solanaAddressSchema = z
  .string()
  .refine(
    (address) => isSolanaAddress(address) && isSeedKey(decodeBase58(address) ?? new Uint8Array()),
    'Expected the Solana address of an ed25519 key.',
  )

/** Whether the share holds both keys (65 bytes) or the EVM key alone (33). */
const holdsSolana = (serverShare: string) => serverShare.length === 88

/** The share's length must say what it holds: with a sealed Solana account, both keys. */
export function checkShareHolds(serverShare: string, solana: boolean) {
  if (holdsSolana(serverShare) !== solana)
    throw new InvalidRequestError({
      reason: solana
        ? 'The shares must hold the Solana key too (65 bytes).'
        : 'A share of 65 bytes needs the Solana address it holds.',
    })
}

/** The user's Solana account when it is sealed (its key in the shares), else undefined. */
export async function sealedSolanaOf(
  context: Pick<ServerContext, 'storage'>,
  userId: string,
): Promise<string | undefined> {
  const solana = await context.storage.solanaWallets.findByUserId(userId)
  return solana?.encryptedKey === '' ? solana.address : undefined
}

/**
 * The recovery share as the frame sealed it (frame/sealed/recoveryCipher.ts): AES-256-GCM under
 * an Argon2id key of the visitor's password. The server keeps it as it came and cannot open it.
 */
const passwordRecoveryShareSchema = z
  .object({
    v: z.literal(1),
    kdf: z.literal('argon2id'),
    t: z.number().int().min(1).max(20),
    m: z
      .number()
      .int()
      .min(8 * 1024)
      .max(1024 * 1024),
    p: z.number().int().min(1).max(8),
    salt: z.string().regex(/^[A-Za-z0-9+/]{22,88}={0,2}$/),
    iv: z.string().regex(/^[A-Za-z0-9+/]{16}$/),
    ciphertext: z.string().regex(/^[A-Za-z0-9+/]{40,200}={0,2}$/),
  })
  .strict()

/** The recovery share, sealed with a password or with a passkey's PRF output (prfRecoveryShare.ts). */
export const recoveryShareSchema = z.discriminatedUnion('kdf', [
  passwordRecoveryShareSchema,
  prfRecoveryShareSchema,
])

/** One of {@link recoveryShareSchema}. */
export type SealedRecoveryShare = z.infer<typeof recoveryShareSchema>

/** What the server share's GCM tag binds it to: its user and wallet. */
export function serverShareAad(userId: string, address: string): string {
  return `latchkey-server-share\n${userId}\n${address.toLowerCase()}`
}

/**
 * Stores the shares the frame made for the user's new sealed wallet: the server share encrypted
 * under the wallet key, the recovery share's ciphertext as it came. The whole key never comes
 * here. False when the user has a wallet already (one wallet per user, never replaced).
 */
export async function storeSealedWallet(
  context: Context,
  params: {
    userId: string
    address: `0x${string}`
    serverShare: string
    recoveryShare: SealedRecoveryShare | null
    /** The Solana account whose seed the shares hold with the EVM key (the frame sends it). */
    solanaAddress?: string | undefined
    /** The frame's device id of the session that made the split (its first split's device). */
    deviceId?: string | undefined
  },
): Promise<boolean> {
  const { address, userId } = params
  checkShareHolds(params.serverShare, params.solanaAddress !== undefined)
  const now = context.now()
  const wallet: WalletRecord = {
    userId,
    address,
    encryptedKey: '',
    createdAt: now,
    custody: 'sealed',
  }
  return context.storage.sealedWallets.create(
    wallet,
    {
      userId,
      serverShare: encrypt(
        context.keys.wallet,
        params.serverShare,
        serverShareAad(userId, address),
      ),
      recoveryShare: params.recoveryShare === null ? null : JSON.stringify(params.recoveryShare),
      version: 1,
      updatedAt: now,
      deviceId: params.deviceId ?? null,
    },
    params.solanaAddress,
  )
}

/** What the frame gets back for one signing: the server share and the sealed recovery share. */
export interface ReleasedShares {
  address: `0x${string}`
  serverShare: string
  recoveryShare: SealedRecoveryShare | null
  version: number
  /** The sealed Solana account whose seed the shares hold (bytes 32–63 of the key), if any. */
  solanaAddress?: string
  /** Whose split it is (server/custody/deviceShares.ts): this device's, the first, another's. */
  slot: SlotKind
}

/**
 * The shares of the split for the device `deviceId` (server/custody/deviceShares.ts), the server
 * share decrypted; call only for a device-bound session of the user on that device. Without a
 * device: the newest split (tests, tools).
 */
export async function releaseShares(
  context: Context,
  userId: string,
  deviceId?: string,
): Promise<ReleasedShares> {
  const { slots, wallet } = await slotsOf(context, userId)
  const { slot, kind } = slotFor(slots, deviceId)
  const solanaAddress = await sealedSolanaOf(context, userId)
  return {
    ...(solanaAddress ? { solanaAddress } : {}),
    address: wallet.address,
    serverShare: decrypt(
      keysOf(context.keys, 'wallet'),
      slot.serverShare,
      serverShareAad(userId, wallet.address),
    ),
    recoveryShare:
      slot.recoveryShare === null
        ? null
        : recoveryShareSchema.parse(JSON.parse(slot.recoveryShare)),
    version: slot.version,
    slot: kind,
  }
}

const tooManySplits = () =>
  new InvalidRequestError({
    reason: `Your wallet is unlocked on ${maxSplits} devices: sign one out (Security, Devices) first.`,
  })

/**
 * Stores the device's new split after the frame re-split the key (a recovery password set, a
 * new device, a PRF passkey): its own split is replaced only while it is still at `fromVersion`
 * (of two re-splits of one device one wins); a device without one gets one. Every other
 * device's split stays valid (shares of different splits never combine). `retireFirst`: the
 * device held the first slot at `fromVersion`, which goes. Returns the new split's version.
 */
export async function rotateShares(
  context: Context,
  params: {
    userId: string
    deviceId: string
    fromVersion: number
    serverShare: string
    recoveryShare: SealedRecoveryShare
    retireFirst?: boolean | undefined
  },
): Promise<number> {
  const { userId, deviceId, fromVersion } = params
  const { wallet, slots } = await slotsOf(context, userId)
  // A re-split keeps what the shares hold: with a sealed Solana account, its seed too.
  checkShareHolds(params.serverShare, (await sealedSolanaOf(context, userId)) !== undefined)
  const own = slots.find((slot) => !slot.first && slot.deviceId === deviceId)
  // The first split goes when the device that made it splits anew (its share there, or lost
  // with the device id kept); made before migration 18, its device is unknown: the frame says.
  const first = slots.find((slot) => slot.first)
  const maker = first !== undefined && first.deviceId === deviceId
  const retire = maker || (params.retireFirst === true && first?.deviceId === null)
  // A split more (not a re-split of this device's, nor the first's swapped by its own device).
  const adds = !own && !retire
  if (adds && slots.length >= maxSplits) throw tooManySplits()
  const version = await context.storage.deviceShares.enrol(
    {
      userId,
      deviceId,
      serverShare: encrypt(
        context.keys.wallet,
        params.serverShare,
        serverShareAad(userId, wallet.address),
      ),
      recoveryShare: JSON.stringify(params.recoveryShare),
      at: context.now(),
    },
    own ? fromVersion : null,
    retire ? fromVersion : null,
    adds ? maxSplits : undefined,
  )
  // Refused in the transaction: another device enrolled meanwhile, at the limit.
  if (version === undefined && adds && (await slotsOf(context, userId)).slots.length >= maxSplits)
    throw tooManySplits()
  if (version === undefined)
    throw new InvalidRequestError({
      reason: 'The shares changed since they were read; read them again.',
    })
  return version
}
