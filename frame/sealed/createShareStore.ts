import { createFrameStore } from '../createFrameStore'

/** Where the device share of a sealed wallet lives: IndexedDB of the wallet origin, or memory. */
export interface ShareStore {
  /**
   * The device share of `address`; undefined when none; `'altered'` when a record is there but
   * does not open (its GCM tag fails, or it is not ours): kept, for the caller to refuse and drop.
   */
  get(address: string): Promise<Uint8Array | 'altered' | undefined>
  /** Keeps `share` for `address`, wrapped by a new non-extractable AES-GCM key. */
  put(address: string, share: Uint8Array): Promise<void>
  /** Drops the device share of `address` (an altered one, or one of an older split). */
  delete(address: string): Promise<void>
  /** Whether a put survives a reload (IndexedDB opened). */
  persistent(): Promise<boolean>
}

const databaseName = 'latchkey-frame-shares'
const storeName = 'shares'

/** A stored device share: the ciphertext and the CryptoKey that wraps it (never its bytes). */
type Wrapped = { key: CryptoKey; iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer }

const aad = (address: string) => new TextEncoder().encode(`latchkey-device-share\n${address}`)

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
        if (!(wrapped.key instanceof CryptoKey) || wrapped.key.extractable) throw new TypeError()
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: wrapped.iv, additionalData: aad(id) },
          wrapped.key,
          wrapped.ciphertext,
        )
        memory.set(id, wrapped)
        return new Uint8Array(plain)
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
    async put(address, share) {
      const id = address.toLowerCase()
      const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ])
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: aad(id) },
        key,
        share.slice(),
      )
      const wrapped: Wrapped = { key, iv, ciphertext }
      memory.set(id, wrapped)
      await database.run('readwrite', (store) => store.put(wrapped, id))
    },
    async persistent() {
      return (await database.opened()) !== undefined
    },
  }
}
