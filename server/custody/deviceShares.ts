import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { WalletRecord } from '../storage/types'

type Context = Pick<ServerContext, 'storage'>

/**
 * One split of a sealed wallet as the server keeps it: its server share (encrypted) and sealed
 * recovery share. `deviceId` null: the first slot (`wallet_shares`, the split made with the
 * wallet, whose device the server does not know); else the device's own split (migration 16).
 */
export interface ShareSlot {
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
    if (first) slots.push({ ...first, deviceId: null, createdAt: first.updatedAt })
    slots.push(...(await context.storage.deviceShares.findByUser(userId)))
  }
  if (slots.length === 0) throw new InvalidRequestError({ reason: 'This wallet is not sealed.' })
  return { wallet, slots: slots.sort((a, b) => b.version - a.version) }
}

/**
 * The split of `slots` (newest first) for the device `deviceId`: its own; else the first slot
 * (its maker signs with it, another device recovers from it) unless only another has a recovery
 * share; else the newest with a recovery share. No device: the newest.
 */
export function slotFor(
  slots: readonly ShareSlot[],
  deviceId: string | undefined,
): { slot: ShareSlot; kind: SlotKind } {
  const newest = slots[0]
  if (!newest) throw new InvalidRequestError({ reason: 'This wallet is not sealed.' })
  const own = deviceId === undefined ? undefined : slots.find((s) => s.deviceId === deviceId)
  if (own) return { slot: own, kind: 'device' }
  const recoverable = slots.find((slot) => slot.recoveryShare !== null)
  const first = slots.find((slot) => slot.deviceId === null)
  if (deviceId !== undefined && first && (first.recoveryShare !== null || !recoverable))
    return { slot: first, kind: 'first' }
  return { slot: recoverable ?? newest, kind: 'recovery' }
}

/** A split as the frame's device list shows it: never a share, never a device id. */
export interface ListedDevice {
  /** The split's version: what a revocation names. */
  version: number
  /** The split this device signs (or recovers) with: it cannot be revoked from here. */
  current: boolean
  /** The first slot: the device that made the wallet, from before per-device splits. */
  first: boolean
  createdAt: number
  updatedAt: number
}

/** The devices that hold a split of the user's sealed wallet (GET /v1/sealed-wallet/devices). */
export async function listDevices(context: Context, auth: Auth): Promise<ListedDevice[]> {
  const { slots } = await slotsOf(context, auth.user.id)
  const { slot: current } = slotFor(slots, auth.session.deviceId)
  return slots.map((slot) => ({
    version: slot.version,
    current: slot === current,
    first: slot.deviceId === null,
    createdAt: slot.createdAt,
    updatedAt: slot.updatedAt,
  }))
}

/**
 * Revokes another device (POST /v1/sealed-wallet/devices/revoke): deletes its server share and
 * sealed recovery share, and signs it out (every session of its device id; the first slot's
 * device is not known, so only its share goes). Its device share then pairs with nothing: it
 * must recover like a new device. Refused for the split this device uses.
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
    target.deviceId === null
      ? await context.storage.deviceShares.revokeFirst(auth.user.id, version)
      : await context.storage.deviceShares.revoke(auth.user.id, target.deviceId)
  if (!revoked) throw new InvalidRequestError({ reason: 'No device holds that split (any more).' })
  return { remaining: slots.length - 1 }
}
