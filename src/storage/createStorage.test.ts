import { describe, expect, test, vi } from 'vitest'
import { createStorage } from './createStorage'
import type { StorageLike } from './createValidatedStorage'

function mapStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
    removeItem: vi.fn((key: string) => void values.delete(key)),
  } satisfies StorageLike & { values: Map<string, string> }
}

const wallet = { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }

describe('createStorage', () => {
  test('default: round trip through the backing store, JSON under prefixed keys', () => {
    const backing = mapStorage()
    const storage = createStorage({ storage: backing, onWarn: vi.fn() })
    storage.set('activeNamespace', 'eip155')
    storage.set('activeCaipNetworkId', 'eip155:56')
    storage.set('connectedConnectorIds', { eip155: 'injected' })
    storage.set('recentWallets', [wallet])
    expect(Object.fromEntries(backing.values)).toEqual({
      'latchkey.activeNamespace': '"eip155"',
      'latchkey.activeCaipNetworkId': '"eip155:56"',
      'latchkey.connectedConnectorIds': '{"eip155":"injected"}',
      'latchkey.recentWallets': JSON.stringify([wallet]),
    })
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(storage.get('activeCaipNetworkId')).toBe('eip155:56')
    expect(storage.get('connectedConnectorIds')).toEqual({ eip155: 'injected' })
    expect(storage.get('recentWallets')).toEqual([wallet])
    expect(storage.get('deepLinkChoice')).toBeUndefined()
    storage.remove('activeNamespace')
    expect(storage.get('activeNamespace')).toBeUndefined()
    expect(backing.values.has('latchkey.activeNamespace')).toBe(false)
  })

  test('parameters: prefix', () => {
    const backing = mapStorage()
    createStorage({ storage: backing, prefix: 'app' }).set('activeNamespace', 'solana')
    expect([...backing.values.keys()]).toEqual(['app.activeNamespace'])
  })

  test('parameters: storage as a function is read lazily, once', () => {
    const backing = mapStorage()
    const getter = vi.fn(() => backing)
    const storage = createStorage({ storage: getter })
    expect(getter).not.toHaveBeenCalled()
    storage.set('activeNamespace', 'eip155')
    storage.get('activeNamespace')
    expect(getter).toHaveBeenCalledTimes(1)
  })

  test('behavior: no backing store (SSR) keeps values in memory without warning', () => {
    const onWarn = vi.fn()
    const storage = createStorage({ storage: () => undefined, onWarn })
    storage.set('activeNamespace', 'eip155')
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(onWarn).not.toHaveBeenCalled()
  })

  test('behavior: default backing is globalThis.localStorage, read on first use', () => {
    const storage = createStorage({ onWarn: vi.fn() })
    const backing = mapStorage()
    vi.stubGlobal('localStorage', backing)
    try {
      storage.set('activeNamespace', 'eip155')
      expect(backing.values.get('latchkey.activeNamespace')).toBe('"eip155"')
      expect(storage.get('activeNamespace')).toBe('eip155')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: a throwing getter falls back to memory with one warning', () => {
    const onWarn = vi.fn()
    const storage = createStorage({
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      onWarn,
    })
    expect(storage.get('activeNamespace')).toBeUndefined()
    storage.set('activeNamespace', 'solana')
    expect(storage.get('activeNamespace')).toBe('solana')
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onWarn.mock.calls[0]?.[0]).toMatchInlineSnapshot(
      `"Storage is unavailable; keeping values in memory. SecurityError: The operation is insecure."`,
    )
  })

  test('behavior: a throwing getItem falls back to memory with one warning', () => {
    const onWarn = vi.fn()
    const backing = mapStorage()
    backing.getItem.mockImplementation(() => {
      throw new Error('denied')
    })
    const storage = createStorage({ storage: backing, onWarn })
    expect(storage.get('recentWallets')).toBeUndefined()
    storage.set('recentWallets', [wallet])
    expect(storage.get('recentWallets')).toEqual([wallet])
    storage.remove('recentWallets')
    expect(storage.get('recentWallets')).toBeUndefined()
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(backing.getItem).toHaveBeenCalledTimes(1)
  })

  test('behavior: a throwing setItem (quota) falls back to memory with one warning', () => {
    const onWarn = vi.fn()
    const backing = mapStorage()
    backing.setItem.mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    })
    const storage = createStorage({ storage: backing, onWarn })
    expect(() => storage.set('activeNamespace', 'eip155')).not.toThrow()
    storage.set('activeCaipNetworkId', 'eip155:1')
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(storage.get('activeCaipNetworkId')).toBe('eip155:1')
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(backing.setItem).toHaveBeenCalledTimes(1)
  })

  test('behavior: a throwing removeItem never reaches the caller', () => {
    const backing = mapStorage()
    backing.removeItem.mockImplementation(() => {
      throw new Error('denied')
    })
    const storage = createStorage({ storage: backing, onWarn: vi.fn() })
    expect(() => storage.remove('activeNamespace')).not.toThrow()
  })

  test.each([
    ['garbage JSON', 'recentWallets', '{not json'],
    ['wrong shape', 'recentWallets', '[{"id":1}]'],
    ['too many recent wallets', 'recentWallets', JSON.stringify([wallet, wallet, wallet])],
    ['unsafe icon', 'recentWallets', JSON.stringify([{ ...wallet, icon: 'javascript:alert(1)' }])],
    ['unknown namespace', 'activeNamespace', '"cardano"'],
    ['bad network id', 'activeCaipNetworkId', '"eip155"'],
    ['bad connector map', 'connectedConnectorIds', '{"foo":"injected"}'],
    ['unsafe deep link', 'deepLinkChoice', '{"href":"javascript:alert(1)","name":"x"}'],
    ['null', 'activeNamespace', 'null'],
  ] as const)('behavior: %s is dropped and cleared with one warning', (_, key, raw) => {
    const onWarn = vi.fn()
    const backing = mapStorage({ [`latchkey.${key}`]: raw })
    const storage = createStorage({ storage: backing, onWarn })
    expect(storage.get(key)).toBeUndefined()
    expect(backing.values.has(`latchkey.${key}`)).toBe(false)
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onWarn.mock.calls[0]?.[0]).toBe(`Dropped a corrupted stored value for "${key}".`)
    expect(storage.get(key)).toBeUndefined()
    expect(onWarn).toHaveBeenCalledTimes(1)
  })

  test('behavior: invalid values are refused, not written', () => {
    const onWarn = vi.fn()
    const backing = mapStorage()
    const storage = createStorage({ storage: backing, onWarn })
    storage.set('activeNamespace', 'cardano' as 'eip155')
    expect(backing.values.size).toBe(0)
    expect(onWarn).toHaveBeenCalledWith('Refused to store an invalid value for "activeNamespace".')
  })

  test('behavior: two storages never share memory', () => {
    const first = createStorage({ storage: () => undefined })
    const second = createStorage({ storage: () => undefined })
    first.set('activeNamespace', 'eip155')
    expect(second.get('activeNamespace')).toBeUndefined()
  })
})
