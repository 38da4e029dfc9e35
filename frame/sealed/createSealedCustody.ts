import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { encodeBase64 } from '../../src/utils/base64'
import type { Api } from '../createApi'
import type { FrameSession } from '../createFrameSession'
import type { ShareStore } from './createShareStore'
import { decodeShare, sharesMismatch, wrongPassword } from './decodeShare'
import { proveKeys } from './proveKeys'
import { openRecoveryShare, type RecoverySecret, sealRecoveryShare } from './recoveryCipher'
import type { ListedDevice, Released, SealedStatus } from './sealedReplies'
import {
  evmKeyOf,
  type FrameSolanaSigner,
  isWalletSecret,
  joinSecret,
  newWalletSecret,
  signEd25519,
  solanaAddressOf,
  solanaSeedOf,
} from './walletSecret'

/** What a sealed wallet needs before it can sign on this device. */
export type SealedNeed = 'ready' | 'set-password' | 'enter-password'

/**
 * Sealed custody in the frame (docs/security.md): the key is made here and split 2-of-3 with
 * `shamir-secret-sharing` (device share in IndexedDB, server share on the server, recovery share
 * sealed with the visitor's password); signing rebuilds it for one request and drops it. The
 * key, the device share and the password never leave this frame.
 */
export function createSealedCustody({
  api,
  session,
  projectId,
  shares,
}: {
  api: Api
  session: Pick<FrameSession, 'token' | 'key'>
  projectId: string
  shares: ShareStore
}) {
  // Wallets whose share here is an opened recovery share (storage blocked, see `unlock`).
  const opened = new Set<string>()
  const call = <T>(path: string, body?: unknown) =>
    api<T>(path, body === undefined ? { token: session.token } : { body, token: session.token })

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

  /**
   * Rebuilds the wallet's secret (walletSecret.ts) from two shares; refused unless it is the
   * wallet's: its EVM address, and its Solana address when that is sealed (a tampered share).
   */
  async function rebuild(
    two: Uint8Array[],
    address: string,
    solanaAddress: string | undefined,
  ): Promise<Uint8Array> {
    let key: Uint8Array
    try {
      key = await combine(two)
    } catch {
      throw sharesMismatch()
    }
    if (!isWalletSecret(key, address, solanaAddress)) {
      key.fill(0)
      throw sharesMismatch()
    }
    return key
  }

  /** The secret rebuilt from this device's share and the server's, for one use. */
  async function withSecret<T>(use: (secret: Uint8Array, solana?: string) => Promise<T>) {
    const released = await call<Released>('/sealed-wallet/shares', {})
    const server = decodeShare(released.serverShare)
    const device = await deviceShare(released.address, released.version)
    if (!device) throw sharesMismatch()
    const key = await rebuild([device, server], released.address, released.solanaAddress)
    device.fill(0)
    server.fill(0)
    try {
      return await use(key, released.solanaAddress)
    } finally {
      key.fill(0)
    }
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
    opened.delete(address.toLowerCase())
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
      // One secret for both keys (walletSecret.ts): the EVM key and the Solana seed.
      const { secret, address, solanaAddress } = newWalletSecret()
      const [device, server] = await split(secret, 3, 2)
      // The keys sign for this session, then the secret is wiped (server/custody/keyProof.ts).
      const thumbprint = session.key?.thumbprint
      const keyProof = proveKeys(secret, { purpose: 'create', thumbprint, address, solanaAddress })
      if (!device || !server) throw sharesMismatch()
      // The first split is version 1 (server/custody/sealedWallets.ts).
      await shares.put(address, device, 1)
      await call('/sealed-wallet', {
        projectId,
        address,
        solanaAddress,
        serverShare: encodeBase64(server),
        recoveryShare: null,
        keyProof,
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
     * split (memory-only frame: keeps the opened share instead). Throws {@link wrongPassword}
     * when the password does not open the sealed share.
     */
    async unlock(password: RecoverySecret): Promise<void> {
      const released = await call<Released>('/sealed-wallet/shares', {})
      const server = decodeShare(released.serverShare)
      const device = await deviceShare(released.address, released.version)
      let other: Uint8Array | undefined = device
      if (!other && released.recoveryShare)
        other = await openRecoveryShare(released.recoveryShare, password, released.address)
      if (!other) throw released.recoveryShare ? wrongPassword() : sharesMismatch()
      const key = await rebuild([other, server], released.address, released.solanaAddress)
      try {
        const id = released.address.toLowerCase()
        // Storage blocked (memory only): a split made here would die with the page, and each
        // reload would add one. The opened recovery share, checked above, stands in for this
        // split's device share until the page goes: no new split, signed as with a device share.
        if (device === undefined && !(await shares.persistent())) {
          await shares.put(released.address, other, released.version)
          opened.add(id)
        } else {
          // This device held the first split (its device share, not an opened recovery share).
          const held = device !== undefined && !opened.has(id) && released.slot === 'first'
          await reseal(key, released.address, password, released.version, held)
        }
      } finally {
        key.fill(0)
        other.fill(0)
        server.fill(0)
      }
    },

    /**
     * Upgrades the user's `server` wallet (a project now `sealed`): the server hands its keys once
     * (EVM and Solana), the frame checks they are the wallet's, splits them 2-of-3 as one secret
     * (the recovery share sealed with `password`) and the shares replace the server's whole keys.
     * The same addresses sign after.
     */
    async upgrade(password: string): Promise<void> {
      const { address, privateKey, solana } = await call<{
        address: string
        privateKey: `0x${string}`
        solana: { address: string; seed: string }
      }>('/sealed-wallet/upgrade/key', { projectId })
      const evmKey = hexToBytes(privateKey)
      const seed = hexToBytes(`0x${solana.seed}`)
      const key = joinSecret(evmKey, seed)
      evmKey.fill(0)
      seed.fill(0)
      try {
        if (!isWalletSecret(key, address, solana.address)) throw sharesMismatch()
        const [device, server, recovery] = await split(key, 3, 2)
        if (!device || !server || !recovery) throw sharesMismatch()
        const { version } = await call<{ version: number }>('/sealed-wallet/upgrade', {
          projectId,
          address,
          solanaAddress: solana.address,
          serverShare: encodeBase64(server),
          recoveryShare: await sealRecoveryShare(recovery, password, address),
        })
        await shares.put(address, device, version)
      } finally {
        key.fill(0)
      }
    },

    /**
     * The wallet's secret for an export the server allowed after a second factor (its server
     * share in the export's answer): rebuilt from this device's share, checked against the
     * addresses (walletSecret.ts: the EVM key, then the Solana seed when it is sealed). The
     * caller wipes the bytes once shown or encrypted.
     */
    async exportKey(released: {
      address: string
      serverShare: string
      version: number
      solanaAddress?: string | undefined
    }): Promise<Uint8Array> {
      const server = decodeShare(released.serverShare)
      const device = await deviceShare(released.address, released.version)
      if (!device) throw sharesMismatch()
      try {
        return await rebuild([device, server], released.address, released.solanaAddress)
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
    withAccount<T>(sign: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
      return withSecret((secret) => sign(privateKeyToAccount(bytesToHex(evmKeyOf(secret)))))
    },

    /**
     * Runs `sign` with the sealed Solana account's signer, its seed rebuilt from the device and
     * server shares, then drops it. Refused when this wallet's Solana key is not in its shares.
     */
    withSolana<T>(sign: (signer: FrameSolanaSigner) => Promise<T>): Promise<T> {
      return withSecret((secret, solanaAddress) => {
        const seed = solanaSeedOf(secret)
        if (!seed || solanaAddress === undefined || solanaAddressOf(seed) !== solanaAddress)
          throw sharesMismatch()
        return sign({ address: solanaAddress, sign: (bytes) => signEd25519(seed, bytes) })
      })
    },
  }
}

/** The frame's sealed custody. */
export type SealedCustody = ReturnType<typeof createSealedCustody>
