import { type DeviceJwk, deviceJwkSchema } from '../src/deviceProof/deviceProofSchemas'
import { jwkThumbprint } from '../src/deviceProof/jwkThumbprint'
import { createFrameStore } from './createFrameStore'
import { FrameReplyError } from './FrameReplyError'

/** The frame's device key: a non-extractable ECDSA P-256 private key and its public JWK. */
export type DeviceKey = {
  privateKey: CryptoKey
  jwk: DeviceJwk
  /** RFC 7638 thumbprint of `jwk`. */
  thumbprint: string
}

/** Where the device key lives: IndexedDB of the wallet origin, or memory. Never throws. */
export interface DeviceKeyStore {
  /** The stored key; undefined when there is none or it is unreadable (then it is deleted). */
  load(): Promise<DeviceKey | undefined>
  /** Makes a new key (replacing any other) and keeps it. */
  create(): Promise<DeviceKey>
  /**
   * Makes a new key that replaces nothing until `keep()` (a login that may not finish, such as a
   * social login in another window: the session of the current key stays until it succeeds).
   */
  generate(): Promise<PendingDeviceKey>
  /**
   * Keeps a pending key in IndexedDB beside the stored one, replacing nothing (a login whose page
   * leaves and comes back: redirect mode). False where the frame has no IndexedDB.
   */
  setAside(pending: PendingDeviceKey): Promise<boolean>
  /** The key set aside, once: it is deleted as it is read. */
  takeAside(): Promise<PendingDeviceKey | undefined>
  /** Forgets the key. */
  clear(): Promise<void>
}

/** A key made by {@link DeviceKeyStore.generate}: `keep()` makes it the stored one. */
export type PendingDeviceKey = { key: DeviceKey; keep(): Promise<void> }

const databaseName = 'latchkey-frame'
const storeName = 'keys'
const recordKey = 'device'
const asideKey = 'pending'

type StoredPair = { privateKey: unknown; publicKey: unknown }
type KeyPair = { privateKey: CryptoKey; publicKey: CryptoKey }

async function toDeviceKey(pair: StoredPair | undefined): Promise<DeviceKey | undefined> {
  if (!pair || typeof pair !== 'object') return undefined
  const { privateKey, publicKey } = pair
  if (!(privateKey instanceof CryptoKey) || !(publicKey instanceof CryptoKey)) return undefined
  if (privateKey.extractable || privateKey.algorithm.name !== 'ECDSA') return undefined
  const exported = await crypto.subtle.exportKey('jwk', publicKey)
  const jwk = deviceJwkSchema.safeParse({
    kty: exported.kty,
    crv: exported.crv,
    x: exported.x,
    y: exported.y,
  })
  if (!jwk.success) return undefined
  return { privateKey, jwk: jwk.data, thumbprint: await jwkThumbprint(jwk.data) }
}

/**
 * The device key store (docs/device-proof.md): keys are made with `extractable: false`, so not
 * even the frame's own script can read the private key; the CryptoKey objects are kept in
 * IndexedDB of the wallet origin (partitioned per top-level site where the browser allows) and
 * in memory otherwise. Storage errors fall back to memory silently.
 */
export function createDeviceKeyStore(): DeviceKeyStore {
  let memory: DeviceKey | undefined
  const database = createFrameStore(databaseName, storeName)
  // The CryptoKey pair behind each pending key (for setAside), never handed out.
  const pairs = new WeakMap<PendingDeviceKey, KeyPair>()
  const pending = (key: DeviceKey, pair: KeyPair): PendingDeviceKey => {
    const made: PendingDeviceKey = {
      key,
      async keep() {
        memory = key
        const record: StoredPair = { privateKey: pair.privateKey, publicKey: pair.publicKey }
        await database.run('readwrite', (store) => store.put(record, recordKey))
      },
    }
    pairs.set(made, pair)
    return made
  }
  return {
    async load() {
      if (memory) return memory
      try {
        const stored = (await database.run('readonly', (store) => store.get(recordKey))) as
          | StoredPair
          | undefined
        memory = await toDeviceKey(stored)
        if (stored !== undefined && !memory)
          await database.run('readwrite', (store) => store.delete(recordKey))
      } catch {
        memory = undefined
      }
      return memory
    },
    async create() {
      const pending = await this.generate()
      await pending.keep()
      return pending.key
    },
    async generate() {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
        'sign',
        'verify',
      ])
      const key = await toDeviceKey(pair)
      if (!key) throw new FrameReplyError({ message: 'Could not make a device key.' })
      return pending(key, pair)
    },
    async setAside(aside) {
      const pair = pairs.get(aside)
      if (!pair || !(await database.opened())) return false
      const record: StoredPair = { privateKey: pair.privateKey, publicKey: pair.publicKey }
      return (await database.run('readwrite', (store) => store.put(record, asideKey))) !== undefined
    },
    async takeAside() {
      const stored = (await database.run('readonly', (store) => store.get(asideKey))) as
        | StoredPair
        | undefined
      if (stored === undefined) return undefined
      await database.run('readwrite', (store) => store.delete(asideKey))
      const key = await toDeviceKey(stored)
      return key ? pending(key, stored as KeyPair) : undefined
    },
    async clear() {
      memory = undefined
      await database.run('readwrite', (store) => store.delete(recordKey))
    },
  }
}
