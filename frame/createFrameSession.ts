import { frameChainIdSchema } from '../src/schemas/frameValues'
import type { DeviceKey, DeviceKeyStore } from './createDeviceKeyStore'
import type { FrameStorage } from './createFrameStorage'

const storageKeys = {
  token: 'latchkey.frame.token',
  deviceId: 'latchkey.frame.deviceId',
  chainId: 'latchkey.frame.chainId',
} as const

const tokenPattern = /^[A-Za-z0-9_-]{16,512}$/
const deviceIdPattern = /^[A-Za-z0-9_-]{16,128}$/

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
  const readValid = (key: string, valid: (value: string) => boolean) => {
    const value = storage.get(key)
    if (value === undefined || valid(value)) return value
    storage.remove(key)
    return undefined
  }
  return {
    get token(): string | undefined {
      return readValid(storageKeys.token, (value) => tokenPattern.test(value))
    },
    set token(value: string | undefined) {
      if (value !== undefined) {
        storage.set(storageKeys.token, value)
        return
      }
      storage.remove(storageKeys.token)
      key = undefined
      void keys.clear()
    },
    /** The device key of the current token (memory copy of the stored one). */
    get key(): DeviceKey | undefined {
      return key
    },
    /** Makes the key a new login binds to; any earlier token is dropped (it was another key's). */
    async newKey(): Promise<DeviceKey> {
      storage.remove(storageKeys.token)
      key = await keys.create()
      return key
    },
    /** Loads the stored key; a token without its key, or a key without a token, drops both. */
    async restore(): Promise<void> {
      key = await keys.load()
      const token = this.token
      if (token && key) return
      if (token) storage.remove(storageKeys.token)
      if (key) {
        key = undefined
        await keys.clear()
      }
    },
    get deviceId(): string {
      const stored = readValid(storageKeys.deviceId, (value) => deviceIdPattern.test(value))
      if (stored) return stored
      const created = randomDeviceId()
      storage.set(storageKeys.deviceId, created)
      return created
    },
    get chainId(): number | string {
      const stored = readValid(storageKeys.chainId, (value) => {
        try {
          return frameChainIdSchema.safeParse(JSON.parse(value)).success
        } catch {
          return false
        }
      })
      return stored === undefined ? defaultChainId : (JSON.parse(stored) as number | string)
    },
    set chainId(value: number | string) {
      storage.set(storageKeys.chainId, JSON.stringify(value))
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
