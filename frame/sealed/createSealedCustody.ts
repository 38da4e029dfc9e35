import { secp256k1 } from '@noble/curves/secp256k1'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import type { Api } from '../createApi'
import { FrameReplyError } from '../FrameReplyError'
import type { ShareStore } from './createShareStore'
import {
  openRecoveryShare,
  type RecoverySecret,
  type SealedRecoveryShare,
  sealRecoveryShare,
} from './recoveryCipher'

/** GET /v1/sealed-wallet: the user's custody, or the project's mode before any wallet. */
export type SealedStatus =
  | { custody: 'none'; mode: 'server' | 'sealed' }
  | { custody: 'server'; address: string; mode: 'server' | 'sealed' }
  | { custody: 'sealed'; address: string; recovery: boolean; version: number }

type Released = {
  address: string
  serverShare: string
  recoveryShare: SealedRecoveryShare | null
  version: number
  /** Whose split (server/custody/deviceShares.ts): this device's, the first one, another's. */
  slot: 'device' | 'first' | 'recovery'
}

/** A device with a split of the wallet, as GET /v1/sealed-wallet/devices lists it. */
export type ListedDevice = {
  version: number
  current: boolean
  first: boolean
  createdAt: number
  updatedAt: number
}

/** What a sealed wallet needs before it can sign on this device. */
export type SealedNeed = 'ready' | 'set-password' | 'enter-password'

/** The recovery password was wrong (or the sealed share altered): nothing was signed. */
export const wrongPassword = () =>
  new FrameReplyError({ message: 'The recovery password is not right.', code: 4001 })

const sharesMismatch = () =>
  new FrameReplyError({
    message:
      "The wallet's shares do not rebuild its key (altered or from another split); nothing was signed.",
  })

function decodeShare(text: string): Uint8Array {
  const bytes = decodeBase64(text)
  if (bytes?.length !== 33) throw sharesMismatch()
  return bytes
}

/**
 * Sealed custody in the frame (docs/security.md): the key is made here and split 2-of-3 with
 * `shamir-secret-sharing` (device share in IndexedDB, server share on the server, recovery share
 * sealed with the visitor's password); signing rebuilds it for one request and drops it. The
 * key, the device share and the password never leave this frame.
 */
export function createSealedCustody({
  api,
  token,
  projectId,
  shares,
}: {
  api: Api
  token(): string | undefined
  projectId: string
  shares: ShareStore
}) {
  const call = <T>(path: string, body?: unknown) =>
    api<T>(path, body === undefined ? { token: token() } : { body, token: token() })

  function status(): Promise<SealedStatus> {
    return call<SealedStatus>(`/sealed-wallet?projectId=${encodeURIComponent(projectId)}`)
  }

  /**
   * This device's share of split `version`. An altered record (it no longer opens) is refused
   * with {@link sharesMismatch} and dropped, so the next request unlocks with the recovery
   * password. A share of an older split (another device re-split the key since) no longer pairs
   * with the server's: dropped, and this device unlocks with the recovery password like a new one.
   */
  async function deviceShare(address: string, version: number): Promise<Uint8Array | undefined> {
    const device = await shares.get(address)
    if (device === undefined) return undefined
    if (device !== 'altered' && device.version === version) return device.share
    if (device !== 'altered') device.share.fill(0)
    await shares.delete(address)
    if (device === 'altered') throw sharesMismatch()
    return undefined
  }

  /** Rebuilds the key from two shares; refused unless it is the wallet's (a tampered share). */
  async function rebuild(two: Uint8Array[], address: string): Promise<Uint8Array> {
    let key: Uint8Array
    try {
      key = await combine(two)
    } catch {
      throw sharesMismatch()
    }
    const valid = key.length === 32 && secp256k1.utils.isValidPrivateKey(key)
    if (
      !valid ||
      privateKeyToAccount(bytesToHex(key)).address.toLowerCase() !== address.toLowerCase()
    ) {
      key.fill(0)
      throw sharesMismatch()
    }
    return key
  }

  /**
   * Splits `key` anew for this device: the device share stays here, the server keeps its share
   * and the sealed one as this device's split; other devices' splits stay valid. `retireFirst`:
   * this device held the first split (the wallet's own), which the new one replaces.
   */
  async function reseal(
    key: Uint8Array,
    address: string,
    password: RecoverySecret,
    fromVersion: number,
    retireFirst: boolean,
  ) {
    const [device, server, recovery] = await split(key, 3, 2)
    if (!device || !server || !recovery) throw sharesMismatch()
    const { version } = await call<{ version: number }>('/sealed-wallet/rotate', {
      fromVersion,
      serverShare: encodeBase64(server),
      recoveryShare: await sealRecoveryShare(recovery, password, address),
      ...(retireFirst ? { retireFirst } : {}),
    })
    await shares.put(address, device, version)
  }

  return {
    status,

    /**
     * After a login: when the user has no wallet and the project is sealed, makes the key here,
     * keeps the device share, and sends the server share. The recovery share waits for a
     * password (asked at the first approval, see `prepare`).
     */
    async setUp(): Promise<void> {
      const current = await status()
      if (current.custody !== 'none' || current.mode !== 'sealed') return
      const key = secp256k1.utils.randomPrivateKey()
      const { address } = privateKeyToAccount(bytesToHex(key))
      const [device, server] = await split(key, 3, 2)
      key.fill(0)
      if (!device || !server) throw sharesMismatch()
      // The first split is version 1 (server/custody/sealedWallets.ts).
      await shares.put(address, device, 1)
      await call('/sealed-wallet', {
        projectId,
        address,
        serverShare: encodeBase64(server),
        recoveryShare: null,
      })
    },

    /** What must happen before this device can sign for `status`. */
    async need(current: SealedStatus & { custody: 'sealed' }): Promise<SealedNeed> {
      const device = await deviceShare(current.address, current.version)
      if (device) {
        device.fill(0)
        return current.recovery ? 'ready' : 'set-password'
      }
      return current.recovery ? 'enter-password' : 'set-password'
    },

    /**
     * Sets the recovery password (a new split: device, server and sealed recovery share), or, on
     * a device without its share, opens the recovery share with it and gives this device a new
     * split. Throws {@link wrongPassword} when the password does not open the sealed share.
     */
    async unlock(password: RecoverySecret): Promise<void> {
      const released = await call<Released>('/sealed-wallet/shares', {})
      const server = decodeShare(released.serverShare)
      const device = await deviceShare(released.address, released.version)
      let other: Uint8Array | undefined = device
      if (!other && released.recoveryShare)
        other = await openRecoveryShare(released.recoveryShare, password, released.address)
      if (!other) throw released.recoveryShare ? wrongPassword() : sharesMismatch()
      const key = await rebuild([other, server], released.address)
      try {
        const held = device !== undefined && released.slot === 'first'
        await reseal(key, released.address, password, released.version, held)
      } finally {
        key.fill(0)
        other.fill(0)
        server.fill(0)
      }
    },

    /**
     * Upgrades the user's `server` wallet (a project now `sealed`): the server hands its key once,
     * the frame checks it is the wallet's, splits it 2-of-3 (the recovery share sealed with
     * `password`) and the shares replace the server's whole key. The same address signs after.
     */
    async upgrade(password: string): Promise<void> {
      const { address, privateKey } = await call<{
        address: string
        privateKey: `0x${string}`
      }>('/sealed-wallet/upgrade/key', { projectId })
      const key = hexToBytes(privateKey)
      try {
        if (privateKeyToAccount(privateKey).address.toLowerCase() !== address.toLowerCase())
          throw sharesMismatch()
        const [device, server, recovery] = await split(key, 3, 2)
        if (!device || !server || !recovery) throw sharesMismatch()
        const { version } = await call<{ version: number }>('/sealed-wallet/upgrade', {
          projectId,
          address,
          serverShare: encodeBase64(server),
          recoveryShare: await sealRecoveryShare(recovery, password, address),
        })
        await shares.put(address, device, version)
      } finally {
        key.fill(0)
      }
    },

    /**
     * The wallet's key for an export the server allowed after a second factor (its server share
     * in the export's answer): rebuilt from this device's share, checked against the address.
     * The caller wipes the bytes once shown or encrypted.
     */
    async exportKey(released: {
      address: string
      serverShare: string
      version: number
    }): Promise<Uint8Array> {
      const server = decodeShare(released.serverShare)
      const device = await deviceShare(released.address, released.version)
      if (!device) throw sharesMismatch()
      try {
        return await rebuild([device, server], released.address)
      } finally {
        device.fill(0)
        server.fill(0)
      }
    },

    /** The devices with a split of the wallet (the frame's device list). */
    async devices(): Promise<ListedDevice[]> {
      return (await call<{ devices: ListedDevice[] }>('/sealed-wallet/devices')).devices
    },

    /** Revokes another device's split and signs it out; never this device's (the server refuses). */
    async revoke(version: number): Promise<void> {
      await call('/sealed-wallet/devices/revoke', { version })
    },

    /** Runs `sign` with the wallet's account, rebuilt from the device and server shares, then drops it. */
    async withAccount<T>(sign: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
      const released = await call<Released>('/sealed-wallet/shares', {})
      const server = decodeShare(released.serverShare)
      const device = await deviceShare(released.address, released.version)
      if (!device) throw sharesMismatch()
      const key = await rebuild([device, server], released.address)
      device.fill(0)
      server.fill(0)
      try {
        return await sign(privateKeyToAccount(bytesToHex(key)))
      } finally {
        key.fill(0)
      }
    },
  }
}

/** The frame's sealed custody. */
export type SealedCustody = ReturnType<typeof createSealedCustody>
