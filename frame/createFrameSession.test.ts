import { describe, expect, test } from 'vitest'
import type { DeviceKey, DeviceKeyStore } from './createDeviceKeyStore'
import { createDeviceKeyStore } from './createDeviceKeyStore'
import { createFrameSession } from './createFrameSession'
import type { FrameStorage } from './createFrameStorage'

function memoryStorage(): FrameStorage & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    persistent: true,
  }
}

/** A key store whose "IndexedDB" is a variable, to stage what a reload finds. */
function stagedKeys(stored: DeviceKey | undefined): DeviceKeyStore & { stored?: DeviceKey } {
  const store: DeviceKeyStore & { stored?: DeviceKey } = {
    stored,
    load: async () => store.stored,
    async create() {
      store.stored = await createDeviceKeyStore().create()
      return store.stored
    },
    async generate() {
      const { key } = await createDeviceKeyStore().generate()
      return {
        key,
        keep: async () => {
          store.stored = key
        },
      }
    },
    setAside: async () => false,
    takeAside: async () => undefined,
    async clear() {
      store.stored = undefined
    },
  }
  return store
}

const token = 'token-0123456789abcdefghij'

describe('frame session and its device key', () => {
  test('default: a stored token with its stored key is restored', async () => {
    const key = await createDeviceKeyStore().create()
    const storage = memoryStorage()
    storage.set('latchkey.frame.token', token)
    const session = createFrameSession(storage, 1, stagedKeys(key))
    await session.restore()
    expect(session.token).toBe(token)
    expect(session.key).toBe(key)
  })

  test('behavior: a token without its key is dropped (sign in again)', async () => {
    const storage = memoryStorage()
    storage.set('latchkey.frame.token', token)
    const session = createFrameSession(storage, 1, stagedKeys(undefined))
    await session.restore()
    expect(session.token).toBeUndefined()
    expect(storage.values.has('latchkey.frame.token')).toBe(false)
  })

  test('behavior: a key without a token is dropped too', async () => {
    const keys = stagedKeys(await createDeviceKeyStore().create())
    const session = createFrameSession(memoryStorage(), 1, keys)
    await session.restore()
    expect(session.key).toBeUndefined()
    expect(keys.stored).toBeUndefined()
  })

  test('behavior: forgetting the token forgets the key; a new key drops an old token', async () => {
    const keys = stagedKeys(undefined)
    const storage = memoryStorage()
    const session = createFrameSession(storage, 1, keys)
    storage.set('latchkey.frame.token', 'old-token-0123456789abcdef')
    const key = await session.newKey()
    expect(key.privateKey.extractable).toBe(false)
    expect(session.token).toBeUndefined()
    session.token = token
    expect(session.key).toBe(key)
    session.token = undefined
    expect(session.key).toBeUndefined()
    await Promise.resolve()
    expect(keys.stored).toBeUndefined()
  })

  test('behavior: a pending key (a social login started) changes nothing until adopted with its token', async () => {
    const keys = createDeviceKeyStore()
    const session = createFrameSession(memoryStorage(), 1, keys)
    const first = await session.newKey()
    session.token = token
    const pending = await session.pendingKey()
    // Started, then cancelled or failed: the session is the one it was.
    expect(session.token).toBe(token)
    expect(session.key).toBe(first)
    expect(await keys.load()).toBe(first)
    const next = 'token-abcdefghij0123456789'
    await session.adopt(pending, next)
    expect(session.token).toBe(next)
    expect(session.key).toBe(pending.key)
    expect(await keys.load()).toBe(pending.key)
    expect(pending.key.thumbprint).not.toBe(first.thumbprint)
  })

  test('behavior: with no IndexedDB the key store keeps the key in memory and never throws', async () => {
    const store = createDeviceKeyStore()
    expect(await store.load()).toBeUndefined()
    const key = await store.create()
    expect(await store.load()).toBe(key)
    await store.clear()
    expect(await store.load()).toBeUndefined()
  })
})
