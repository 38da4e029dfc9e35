import { describe, expect, test } from 'vitest'
import type { WalletItem } from '../wallets/types'
import { mergeDirectoryWallets } from './mergeDirectoryWallets'

const order = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
const item = (id: string, group: WalletItem['group'], rdns?: string): WalletItem => ({
  id,
  name: id,
  group,
  rdns,
  installed: group === 'injected',
})

describe('mergeDirectoryWallets', () => {
  test('default: featured after the host featured rows, recommended last', () => {
    const merged = mergeDirectoryWallets({
      wallets: [item('a', 'injected', 'io.a'), item('f', 'featured'), item('c', 'custom')],
      featured: [item('df', 'featured')],
      recommended: [item('dr', 'custom')],
      order,
    })
    expect(merged.map((w) => w.id)).toEqual(['a', 'f', 'df', 'c', 'dr'])
  })

  test('behavior: a directory wallet listed already (id or rdns) is left out, and listed once', () => {
    const merged = mergeDirectoryWallets({
      wallets: [item('uid-1', 'injected', 'io.a'), item('c', 'custom')],
      featured: [item('x', 'featured', 'io.a'), item('c', 'featured')],
      recommended: [item('r', 'custom'), item('r', 'custom')],
      order,
    })
    expect(merged.map((w) => w.id)).toEqual(['uid-1', 'c', 'r'])
  })

  test('parameters: a group left out of the order is not shown', () => {
    const merged = mergeDirectoryWallets({
      wallets: [item('a', 'injected')],
      featured: [item('df', 'featured')],
      recommended: [item('dr', 'custom')],
      order: ['injected', 'featured'],
    })
    expect(merged.map((w) => w.id)).toEqual(['a', 'df'])
  })
})
