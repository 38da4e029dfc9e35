import * as z from 'zod/mini'
import { frameChainIdSchema } from '../src/schemas/frameValues'
import { createValidatedStorage } from '../src/storage/createValidatedStorage'
import type { DeviceKey, DeviceKeyStore, PendingDeviceKey } from './createDeviceKeyStore'
import type { FrameStorage } from './createFrameStorage'

const storageKeys = {
  token: 'latchkey.frame.token',
  deviceId: 'latchkey.frame.deviceId',
  chainId: 'latchkey.frame.chainId',
} as const

// Stored as plain strings (the chain id as JSON text), as the frame has always kept them.
const frameStorageSchemas = {
  [storageKeys.token]: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,512}$/)),
  [storageKeys.deviceId]: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  [storageKeys.chainId]: z.string().check(
    z.refine((value) => {
      try {
        return frameChainIdSchema.safeParse(JSON.parse(value)).success
      } catch {
        return false
      }
    }),
  ),
}

function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * What the frame keeps between requests: token, device id and chain id in its own storage, and
 * the device key the token is bound to (docs/device-proof.md). Neither ever leaves the frame.
 */
export type FrameSession = ReturnType<typeof createFrameSession>

/**
 * The frame's session state; corrupted stored values are dropped and cleared. A token is only
 * usable with its device key: setting the token to undefined forgets the key too, and
 * `restore()` drops a token without its key (or a key without its token).
 */
export function createFrameSession(
  storage: FrameStorage,
  defaultChainId: number | string,
  keys: DeviceKeyStore,
) {
  let email: string | undefined
  let address: string | undefined
  let key: DeviceKey | undefined
  // The one storage primitive over the frame's own store (which already falls back to memory).
  const values = createValidatedStorage({
    schemas: frameStorageSchemas,
    storage: {
      getItem: (name) => storage.get(name) ?? null,
      setItem: (name, value) => storage.set(name, value),
      removeItem: (name) => storage.remove(name),
    },
    encoding: 'text',
    onWarn: () => {},
  })
  return {
    get token(): string | undefined {
      return values.get(storageKeys.token)
    },
    set token(value: string | undefined) {
      if (value !== undefined) {
        values.set(storageKeys.token, value)
        return
      }
      values.remove(storageKeys.token)
      key = undefined
      void keys.clear()
    },
    /** The device key of the current token (memory copy of the stored one). */
    get key(): DeviceKey | undefined {
      return key
    },
    /** Makes the key a new login binds to; any earlier token is dropped (it was another key's). */
    async newKey(): Promise<DeviceKey> {
      values.remove(storageKeys.token)
      key = await keys.create()
      return key
    },
    /**
     * A key for a login that may not finish (a social login): the current token and key stay
     * until {@link adopt} makes it the session's key, with the new login's `token`.
     */
    pendingKey(): Promise<PendingDeviceKey> {
      return keys.generate()
    },
    /** Keeps a pending key across a reload of the frame (a redirect login); false without storage. */
    setAside(pending: PendingDeviceKey): Promise<boolean> {
      return keys.setAside(pending)
    },
    /** The pending key a frame before this one set aside, once. */
    takeAside(): Promise<PendingDeviceKey | undefined> {
      return keys.takeAside()
    },
    /** Makes `pending` the key and `token` its session's token (the earlier token is dropped). */
    async adopt(pending: PendingDeviceKey, token: string): Promise<void> {
      values.remove(storageKeys.token)
      key = pending.key
      address = undefined
      await pending.keep()
      values.set(storageKeys.token, token)
    },
    /** Loads the stored key; a token without its key, or a key without a token, drops both. */
    async restore(): Promise<void> {
      key = await keys.load()
      const token = this.token
      if (token && key) return
      if (token) values.remove(storageKeys.token)
      if (key) {
        key = undefined
        await keys.clear()
      }
    },
    get deviceId(): string {
      const stored = values.get(storageKeys.deviceId)
      if (stored) return stored
      const created = randomDeviceId()
      values.set(storageKeys.deviceId, created)
      return created
    },
    get chainId(): number | string {
      const stored = values.get(storageKeys.chainId)
      return stored === undefined ? defaultChainId : (JSON.parse(stored) as number | string)
    },
    set chainId(value: number | string) {
      values.set(storageKeys.chainId, JSON.stringify(value))
    },
    /** The email of the login in progress (memory only). */
    get email() {
      return email
    },
    set email(value: string | undefined) {
      email = value
    },
    /** The signed-in wallet's address, once read (memory only). */
    get address() {
      return address
    },
    set address(value: string | undefined) {
      address = value
    },
    get persistent() {
      return storage.persistent
    },
  }
}
