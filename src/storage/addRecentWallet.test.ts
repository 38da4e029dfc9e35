import { describe, expect, test, vi } from 'vitest'
import { addRecentWallet } from './addRecentWallet'
import { createStorage } from './createStorage'

const metamask = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }
const rabby = { id: 'rabby', name: 'Rabby', icon: 'https://example.com/rabby.png' }
const phantom = { id: 'phantom', name: 'Phantom' }

describe('addRecentWallet', () => {
  test('default', () => {
    const storage = createStorage({ storage: () => undefined })
    expect(addRecentWallet(storage, metamask)).toEqual([metamask])
    expect(storage.get('recentWallets')).toEqual([metamask])
  })

  test('behavior: newest first, at most 2', () => {
    const storage = createStorage({ storage: () => undefined })
    addRecentWallet(storage, metamask)
    addRecentWallet(storage, rabby)
    expect(addRecentWallet(storage, phantom)).toEqual([phantom, rabby])
    expect(storage.get('recentWallets')).toEqual([phantom, rabby])
  })

  test('behavior: deduplicated by id, the newest entry wins', () => {
    const storage = createStorage({ storage: () => undefined })
    addRecentWallet(storage, metamask)
    addRecentWallet(storage, rabby)
    const renamed = { ...metamask, name: 'MetaMask Flask' }
    expect(addRecentWallet(storage, renamed)).toEqual([renamed, rabby])
  })

  test('behavior: an unsafe icon is left out, the wallet kept', () => {
    const onWarn = vi.fn()
    const storage = createStorage({ storage: () => undefined, onWarn })
    const wallet = { ...phantom, icon: 'javascript:alert(1)' }
    expect(addRecentWallet(storage, wallet)).toEqual([phantom])
    expect(storage.get('recentWallets')).toEqual([phantom])
    expect(onWarn).not.toHaveBeenCalled()
  })

  test('behavior: a corrupted stored list starts over', () => {
    const onWarn = vi.fn()
    const values = new Map([['latchkey.recentWallets', '{oops']])
    const storage = createStorage({
      storage: {
        getItem: (key) => values.get(key) ?? null,
        setItem: (key, value) => void values.set(key, value),
        removeItem: (key) => void values.delete(key),
      },
      onWarn,
    })
    expect(addRecentWallet(storage, rabby)).toEqual([rabby])
    expect(values.get('latchkey.recentWallets')).toBe(JSON.stringify([rabby]))
    expect(onWarn).toHaveBeenCalledTimes(1)
  })
})
