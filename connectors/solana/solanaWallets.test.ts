import { describe, expect, test } from 'vitest'
import { toSolanaWallets } from './solanaWallets'
import type { StandardWallet } from './walletStandardTypes'

const fn = async () => ({ accounts: [] })
const full = {
  'standard:connect': { connect: fn },
  'standard:events': { on: () => () => undefined },
  'solana:signTransaction': { signTransaction: async () => [] },
}

function wallet(name: string, extra: Partial<StandardWallet> = {}): StandardWallet {
  return { name, chains: ['solana:mainnet'], accounts: [], features: full, ...extra }
}

describe('toSolanaWallets', () => {
  test('default: Installed first, Unsupported after, the host listings last as NotDetected', () => {
    const listed = toSolanaWallets(
      [
        wallet('Half', { features: { 'standard:connect': { connect: fn } } }),
        wallet('Full'),
        wallet('EVM only', { chains: ['eip155:1'], features: {} }),
      ],
      [{ name: 'Full' }, { name: 'Phantom', icon: 'https://phantom.example/icon.png' }],
    )
    expect(listed.map(({ name, readyState }) => [name, readyState])).toEqual([
      ['Full', 'Installed'],
      ['Half', 'Unsupported'],
      ['Phantom', 'NotDetected'],
    ])
    expect(listed[2]?.icon).toBe('https://phantom.example/icon.png')
  })

  test('behavior: a later wallet with a taken name is left out; unsafe icons are dropped', () => {
    const first = wallet('Phantom', { icon: 'data:image/svg+xml;base64,PHN2Zy8+' })
    const impostor = wallet('Phantom', { icon: 'javascript:alert(1)' })
    const listed = toSolanaWallets([
      first,
      impostor,
      wallet('X', { icon: 'http://x.example/a.png' }),
    ])
    expect(listed.map(({ name, icon }) => [name, icon])).toEqual([
      ['Phantom', 'data:image/svg+xml;base64,PHN2Zy8+'],
      ['X', undefined],
    ])
  })

  test('behavior: only solana chains are kept; a nameless wallet is ignored', () => {
    const listed = toSolanaWallets([
      wallet('Multi', { chains: ['eip155:1', 'solana:devnet'] }),
      wallet(''),
    ])
    expect(listed).toEqual([
      { name: 'Multi', icon: undefined, readyState: 'Installed', chains: ['solana:devnet'] },
    ])
  })

  test('behavior: linked wallets are Loadable after the installed ones; a page wallet under a linked name is left out', () => {
    const linked = (name: string, connector: string) => ({
      name,
      connector,
      link: () => undefined,
      load: async () => wallet(name),
    })
    const listed = toSolanaWallets(
      [wallet('WalletConnect', { icon: 'data:image/png;base64,AA==' }), wallet('Full')],
      [{ name: 'Email' }],
      [linked('WalletConnect', 'walletConnect'), linked('Email', 'embeddedWallet')],
    )
    expect(listed.map(({ name, readyState, connector }) => [name, readyState, connector])).toEqual([
      ['Full', 'Installed', undefined],
      ['WalletConnect', 'Loadable', 'walletConnect'],
      ['Email', 'Loadable', 'embeddedWallet'],
    ])
    expect(listed[1]?.icon).toBeUndefined()
  })
})
