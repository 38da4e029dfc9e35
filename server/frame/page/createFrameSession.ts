import { frameChainIdSchema } from '../../../src/schemas/frameValues'
import type { FrameStorage } from './createFrameStorage'

const keys = {
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

/** What the frame keeps between requests: token, device id and chain id in its own storage. */
export type FrameSession = ReturnType<typeof createFrameSession>

/** The frame's session state; corrupted stored values are dropped and cleared. */
export function createFrameSession(storage: FrameStorage, defaultChainId: number | string) {
  let email: string | undefined
  let address: string | undefined
  const readValid = (key: string, valid: (value: string) => boolean) => {
    const value = storage.get(key)
    if (value === undefined || valid(value)) return value
    storage.remove(key)
    return undefined
  }
  return {
    get token(): string | undefined {
      return readValid(keys.token, (value) => tokenPattern.test(value))
    },
    set token(value: string | undefined) {
      if (value === undefined) storage.remove(keys.token)
      else storage.set(keys.token, value)
    },
    get deviceId(): string {
      const stored = readValid(keys.deviceId, (value) => deviceIdPattern.test(value))
      if (stored) return stored
      const created = randomDeviceId()
      storage.set(keys.deviceId, created)
      return created
    },
    get chainId(): number | string {
      const stored = readValid(keys.chainId, (value) => {
        try {
          return frameChainIdSchema.safeParse(JSON.parse(value)).success
        } catch {
          return false
        }
      })
      return stored === undefined ? defaultChainId : (JSON.parse(stored) as number | string)
    },
    set chainId(value: number | string) {
      storage.set(keys.chainId, JSON.stringify(value))
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
