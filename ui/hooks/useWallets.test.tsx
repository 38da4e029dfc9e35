import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { useWallets } from './useWallets'

function Probe({ onWallets }: { onWallets: (names: string[]) => void }) {
  const { wallets } = useWallets()
  onWallets(wallets.map((w) => `${w.group}:${w.name}:${w.rdns ?? '-'}`))
  return null
}

describe('useWallets', () => {
  test('default: announced wallets, grouped, each with its rdns', async () => {
    let names: string[] = []
    renderLatchkey(<Probe onWallets={(n) => (names = n)} />, {
      extraWallets: [{ id: 'io.rabby', name: 'Rabby' }],
    })
    await waitFor(() => expect(names).not.toEqual([]))
    expect(names).toEqual([
      'injected:Latchkey Test Wallet:dev.latchkey.testwallet',
      'injected:Rabby:io.rabby',
    ])
  })

  test('behavior: a recent wallet comes first and is not listed twice (dedupe by rdns)', async () => {
    localStorage.setItem(
      'latchkey.recentWallets',
      JSON.stringify([{ id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' }]),
    )
    let names: string[] = []
    renderLatchkey(<Probe onWallets={(n) => (names = n)} />, {
      extraWallets: [{ id: 'io.rabby', name: 'Rabby' }],
    })
    await waitFor(() => expect(names).not.toEqual([]))
    expect(names).toEqual([
      'recent:Rabby:io.rabby',
      'injected:Latchkey Test Wallet:dev.latchkey.testwallet',
    ])
  })

  test('parameters: customWallets and excludeWalletIds', async () => {
    let names: string[] = []
    renderLatchkey(<Probe onWallets={(n) => (names = n)} />, {
      extraWallets: [{ id: 'io.rabby', name: 'Rabby' }],
      options: {
        excludeWalletIds: ['io.rabby'],
        customWallets: [{ id: 'acme', name: 'Acme Wallet', homepage: 'https://acme.example' }],
      },
    })
    await waitFor(() => expect(names).not.toEqual([]))
    expect(names).toEqual([
      'injected:Latchkey Test Wallet:dev.latchkey.testwallet',
      'custom:Acme Wallet:-',
    ])
  })

  test('behavior: empty until the modal chunk loaded, which the hook starts loading', async () => {
    const lists: string[][] = []
    renderLatchkey(<Probe onWallets={(n) => lists.push(n)} />)
    expect(lists[0]).toEqual([])
    await waitFor(() => expect(lists.at(-1)).toHaveLength(1))
  })

  test('behavior: throws a clear error outside LatchkeyProvider', () => {
    expect(() => renderHook(() => useWallets())).toThrowErrorMatchingInlineSnapshot(`
      [LatchkeyProviderNotFoundError: Latchkey hooks and components must be used inside <LatchkeyProvider>.

      Version: latchkey@0.1.0]
    `)
  })
})
