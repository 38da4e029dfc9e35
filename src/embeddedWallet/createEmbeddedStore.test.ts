import { describe, expect, test } from 'vitest'
import type { AsyncStorageLike } from '../storage/createValidatedStorage'
import { createEmbeddedStore } from './createEmbeddedStore'

function mapStorage(values = new Map<string, unknown>()): AsyncStorageLike {
  return {
    getItem: async (key) => values.get(key) ?? null,
    setItem: async (key, value) => void values.set(key, value),
    removeItem: async (key) => void values.delete(key),
  }
}

describe('createEmbeddedStore', () => {
  test('default: values round-trip through the backing storage', async () => {
    const values = new Map<string, unknown>()
    const store = createEmbeddedStore(mapStorage(values))
    await store.set('latchkey.embedded.email', 'ada@example.com')
    await store.set('latchkey.embedded.chainId', 56)
    await store.set('latchkey.embedded.smartAccountNetworks', [1, 56])
    expect(await store.get('latchkey.embedded.email')).toBe('ada@example.com')
    expect(await store.get('latchkey.embedded.chainId')).toBe(56)
    expect(await store.get('latchkey.embedded.smartAccountNetworks')).toEqual([1, 56])
    expect([...values.keys()]).toEqual([
      'latchkey.embedded.email',
      'latchkey.embedded.chainId',
      'latchkey.embedded.smartAccountNetworks',
    ])
  })

  test('behavior: a corrupted value is dropped and removed', async () => {
    const values = new Map<string, unknown>([
      ['latchkey.embedded.chainId', 'mainnet'],
      ['latchkey.embedded.loginUsed', 'yes'],
    ])
    const store = createEmbeddedStore(mapStorage(values))
    expect(await store.get('latchkey.embedded.chainId')).toBeUndefined()
    expect(await store.get('latchkey.embedded.loginUsed')).toBeUndefined()
    expect(values.size).toBe(0)
  })

  test('behavior: an invalid value is refused', async () => {
    const values = new Map<string, unknown>()
    const store = createEmbeddedStore(mapStorage(values))
    await store.set('latchkey.embedded.email', 'not an email')
    await store.set('latchkey.embedded.chainId', -1)
    expect(values.size).toBe(0)
  })

  test('behavior: clearLogin removes the flag and the email, keeps the chain and cooldown', async () => {
    const store = createEmbeddedStore(mapStorage())
    await store.set('latchkey.embedded.loginUsed', true)
    await store.set('latchkey.embedded.email', 'ada@example.com')
    await store.set('latchkey.embedded.chainId', 56)
    await store.set('latchkey.embedded.lastEmailLoginAt', 1)
    await store.clearLogin()
    expect(await store.get('latchkey.embedded.loginUsed')).toBeUndefined()
    expect(await store.get('latchkey.embedded.email')).toBeUndefined()
    expect(await store.get('latchkey.embedded.chainId')).toBe(56)
    expect(await store.get('latchkey.embedded.lastEmailLoginAt')).toBe(1)
  })

  test('behavior: storage that throws falls back to memory; none at all is memory', async () => {
    const throwing: AsyncStorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    for (const store of [createEmbeddedStore(throwing), createEmbeddedStore(null)]) {
      await store.set('latchkey.embedded.loginUsed', true)
      expect(await store.get('latchkey.embedded.loginUsed')).toBe(true)
    }
  })
})
