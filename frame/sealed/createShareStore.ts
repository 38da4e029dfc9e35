import { createFrameStore } from '../createFrameStore'

/** Where the device share of a sealed wallet lives: IndexedDB of the wallet origin, or memory. */
export interface ShareStore {
  /**
   * The device share of `address` and the split it belongs to (its `version`, bound to it);
   * undefined when none; `'altered'` when a record is there but does not open (its GCM tag fails,
   * or it is not ours): kept, for the caller to refuse and drop.
   */
  get(address: string): Promise<DeviceShare | 'altered' | undefined>
  /** Keeps `share` of split `version` for `address`, wrapped by a new non-extractable AES-GCM key. */
  put(address: string, share: Uint8Array, version: number): Promise<void>
  /** Drops the device share of `address` (an altered one, or one of an older split). */
  delete(address: string): Promise<void>
  /** Whether a put survives a reload (IndexedDB opened). */
  persistent(): Promise<boolean>
}

/** A device share and the version of the split it came from (the server's count of re-splits). */
export interface DeviceShare {
  share: Uint8Array
  version: number
}

const databaseName = 'latchkey-frame-shares'
const storeName = 'shares'

/**
 * A stored device share: the ciphertext and the CryptoKey that wraps it (never its bytes), and
 * its split's version, which the GCM tag covers (a record moved to another version does not open).
 */
type Wrapped = {
  key: CryptoKey
  iv: Uint8Array<ArrayBuffer>
  ciphertext: ArrayBuffer
  version: number
}

const aad = (address: string, version: number) =>
  new TextEncoder().encode(`latchkey-device-share\n${address}\n${version}`)

/**
 * The device shares (docs/security.md "Sealed custody"): each is encrypted with AES-256-GCM under
 * a key made with `extractable: false`, and only the CryptoKey object and the ciphertext are
 * stored, in the wallet origin's IndexedDB (which no host page can open); memory where the
 * browser blocks storage. Never throws on storage errors.
 */
export function createShareStore(): ShareStore {
  const memory = new Map<string, Wrapped>()
  const database = createFrameStore(databaseName, storeName)
  return {
    async get(address) {
      const id = address.toLowerCase()
      const wrapped =
        memory.get(id) ??
        ((await database.run('readonly', (store) => store.get(id))) as Wrapped | undefined)
      if (!wrapped) return undefined
      try {
        const { key, version } = wrapped
        if (!(key instanceof CryptoKey) || key.extractable || !Number.isSafeInteger(version))
          throw new TypeError()
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: wrapped.iv, additionalData: aad(id, version) },
          key,
          wrapped.ciphertext,
        )
        memory.set(id, wrapped)
        return { share: new Uint8Array(plain), version }
      } catch {
        // Not dropped here: a silent drop would turn tampering into a password prompt.
        return 'altered'
      }
    },
    async delete(address) {
      const id = address.toLowerCase()
      memory.delete(id)
      await database.run('readwrite', (store) => store.delete(id))
    },
    async put(address, share, version) {
      const id = address.toLowerCase()
      const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ])
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: aad(id, version) },
        key,
        share.slice(),
      )
      const wrapped: Wrapped = { key, iv, ciphertext, version }
      memory.set(id, wrapped)
      await database.run('readwrite', (store) => store.put(wrapped, id))
    },
    async persistent() {
      return (await database.opened()) !== undefined
    },
  }
}
