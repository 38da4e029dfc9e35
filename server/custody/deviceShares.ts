import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { WalletRecord } from '../storage/types'

type Context = Pick<ServerContext, 'storage'>

/**
 * At most this many splits per wallet (docs/security.md "Sealed wallets on several devices"): a
 * device (or a persistent frame whose storage was cleared) that would add one more is refused
 * until another is signed out. Re-splits of a device's own split do not count.
 */
export const maxSplits = 10

/**
 * One split of a sealed wallet as the server keeps it: its server share (encrypted) and sealed
 * recovery share, and the device that made it. `first`: the first slot (`wallet_shares`, the
 * split made with the wallet; `deviceId` null when made before migration 18, its device
 * unknown); else a device's own split (migration 16).
 */
export interface ShareSlot {
  first: boolean
  deviceId: string | null
  serverShare: string
  recoveryShare: string | null
  version: number
  createdAt: number
  updatedAt: number
}

/**
 * Which split a device gets: `device` its own; `first` the first slot (the device that made
 * the wallet holds its device share; any other device opens its recovery share); `recovery`
 * another device's split, for its recovery share (a new device unlocks with it).
 */
export type SlotKind = 'device' | 'first' | 'recovery'

/** The user's sealed wallet and its splits, the newest first; throws unless it is sealed. */
export async function slotsOf(
  context: Context,
  userId: string,
): Promise<{ wallet: WalletRecord; slots: ShareSlot[] }> {
  const wallet = await context.storage.wallets.findByUserId(userId)
  if (!wallet) throw new NoAccountsFoundError()
  const slots: ShareSlot[] = []
  if (wallet.custody === 'sealed') {
    const first = await context.storage.sealedWallets.findShares(userId)
    if (first)
      slots.push({
        ...first,
        first: true,
        deviceId: first.deviceId ?? null,
        createdAt: first.updatedAt,
      })
    for (const split of await context.storage.deviceShares.findByUser(userId))
      slots.push({ ...split, first: false })
  }
  if (slots.length === 0) throw new InvalidRequestError({ reason: 'This wallet is not sealed.' })
  return { wallet, slots: slots.sort((a, b) => b.version - a.version) }
}

/**
 * The split of `slots` (newest first) for the device `deviceId`: its own; else the first slot
 * (its maker signs with it, another device recovers from it) unless only another has a recovery
 * share (its maker keeps it anyway); else the newest with a recovery share. No device: the newest.
 */
export function slotFor(
  slots: readonly ShareSlot[],
  deviceId: string | undefined,
): { slot: ShareSlot; kind: SlotKind } {
  const newest = slots[0]
  if (!newest) throw new InvalidRequestError({ reason: 'This wallet is not sealed.' })
  const own =
    deviceId === undefined ? undefined : slots.find((s) => !s.first && s.deviceId === deviceId)
  if (own) return { slot: own, kind: 'device' }
  const recoverable = slots.find((slot) => slot.recoveryShare !== null)
  const first = slots.find((slot) => slot.first)
  const mine = first?.deviceId === deviceId
  if (deviceId !== undefined && first && (mine || first.recoveryShare !== null || !recoverable))
    return { slot: first, kind: 'first' }
  return { slot: recoverable ?? newest, kind: 'recovery' }
}

/** A split as the frame's device list shows it: never a share, never a device id. */
export interface ListedDevice {
  /** The split's version: what a revocation names. */
  version: number
  /** The split this device signs (or recovers) with: it cannot be revoked from here. */
  current: boolean
  /**
   * The current split is another device's (or the first's maker's): this device has none of its
   * own (its frame's storage is blocked, or it has not unlocked yet) and signs or recovers with it.
   */
  borrowed: boolean
  /** The first slot: the device that made the wallet, from before per-device splits. */
  first: boolean
  createdAt: number
  updatedAt: number
}

/** The devices that hold a split of the user's sealed wallet (GET /v1/sealed-wallet/devices). */
export async function listDevices(context: Context, auth: Auth): Promise<ListedDevice[]> {
  const { slots } = await slotsOf(context, auth.user.id)
  const { deviceId } = auth.session
  const { slot: current, kind } = slotFor(slots, deviceId)
  const maker = current.deviceId === null || current.deviceId === deviceId
  const borrowed = kind === 'recovery' || (kind === 'first' && !maker)
  return slots.map((slot) => ({
    version: slot.version,
    current: slot === current,
    borrowed: slot === current && borrowed,
    first: slot.first,
    createdAt: slot.createdAt,
    updatedAt: slot.updatedAt,
  }))
}

/**
 * Revokes another device (POST /v1/sealed-wallet/devices/revoke): deletes its server share and
 * sealed recovery share, and signs it out (every session of its device id; a first slot made
 * before migration 18 has no known device, so only its shares go). Its device share then pairs
 * with nothing: it must recover like a new device. Refused for the split this device uses.
 */
export async function revokeDevice(
  context: Context,
  auth: Auth,
  version: number,
): Promise<{ remaining: number }> {
  const { slots } = await slotsOf(context, auth.user.id)
  const target = slots.find((slot) => slot.version === version)
  if (!target) throw new InvalidRequestError({ reason: 'No device holds that split (any more).' })
  if (slotFor(slots, auth.session.deviceId).slot === target)
    throw new InvalidRequestError({
      reason: 'That is the device you are using: sign out on it instead.',
    })
  const revoked =
    target.first || target.deviceId === null
      ? await context.storage.deviceShares.revokeFirst(auth.user.id, version)
      : await context.storage.deviceShares.revoke(auth.user.id, target.deviceId)
  if (!revoked) throw new InvalidRequestError({ reason: 'No device holds that split (any more).' })
  return { remaining: slots.length - 1 }
}
