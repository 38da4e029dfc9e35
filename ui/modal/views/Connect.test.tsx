import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DirectoryGate, startDirectoryGate } from '../../../test/harness/startDirectoryGate'
import {
  type DirectoryServerProcess,
  startDirectoryServer,
} from '../../../test/harness/startDirectoryServer'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

async function openConnect() {
  fireEvent.click(screen.getByTestId('connect-button'))
  return screen.findByRole('dialog')
}

const rowIds = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid'))
    .filter((id) => id?.startsWith('wallet-') || id === 'all-wallets')

describe('Connect view', () => {
  test('default: wallets in connector type order with tags, then All Wallets', async () => {
    localStorage.setItem(
      'latchkey.recentWallets',
      JSON.stringify([{ id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' }]),
    )
    renderLatchkey(<ConnectButton />, {
      extraWallets: [{ id: 'io.rabby', name: 'Rabby' }],
      options: { customWallets: [{ id: 'acme', name: 'Acme Wallet' }] },
    })
    const dialog = await openConnect()
    expect(rowIds(dialog)).toEqual([
      'wallet-io.rabby',
      'wallet-dev.latchkey.testwallet',
      'wallet-acme',
      'all-wallets',
    ])
    expect(screen.getByTestId('wallet-io.rabby').textContent).toBe('RabbyRecent')
    expect(screen.getByTestId('wallet-dev.latchkey.testwallet').textContent).toBe(
      'Latchkey Test WalletInstalled',
    )
    // no icon: a generated tile with the initial (hidden from assistive tech), then the name
    expect(screen.getByTestId('wallet-acme').textContent).toBe('AAcme Wallet')
    expect(
      screen.getByTestId('wallet-acme').querySelector('[aria-hidden="true"]')?.textContent,
    ).toBe('A')
  })

  test('parameters: features.connectorTypeOrder', async () => {
    renderLatchkey(<ConnectButton />, {
      options: {
        customWallets: [{ id: 'acme', name: 'Acme Wallet' }],
        features: { connectorTypeOrder: ['custom', 'injected'] },
      },
    })
    expect(rowIds(await openConnect())).toEqual([
      'wallet-acme',
      'wallet-dev.latchkey.testwallet',
      'all-wallets',
    ])
  })

  test("parameters: allWallets: 'hide'", async () => {
    renderLatchkey(<ConnectButton />, { options: { allWallets: 'hide' } })
    await openConnect()
    expect(screen.queryByTestId('all-wallets')).toBeNull()
  })

  test('behavior: email and social methods render nothing yet', async () => {
    renderLatchkey(<ConnectButton />, {
      options: { features: { connectMethodsOrder: ['email', 'social', 'wallet'] } },
    })
    const dialog = await openConnect()
    expect(dialog.querySelectorAll('[data-lk-method]')).toHaveLength(1)
    expect(dialog.querySelector('input')).toBeNull()
  })

  test('behavior: names render as text, icons only through <img src>', async () => {
    renderLatchkey(<ConnectButton />, {
      options: {
        customWallets: [
          {
            id: 'evil',
            name: '<img src=x onerror=alert(1)>',
            imageUrl: 'https://evil.example/x.png',
          },
        ],
      },
    })
    await openConnect()
    const row = screen.getByTestId('wallet-evil')
    expect(row.querySelector('[data-lk-row-label]')?.textContent).toBe(
      '<img src=x onerror=alert(1)>',
    )
    expect(row.querySelectorAll('img')).toHaveLength(1)
    expect(row.querySelector('img')?.getAttribute('src')).toBe('https://evil.example/x.png')
    expect(
      screen
        .getByTestId('wallet-dev.latchkey.testwallet')
        .querySelector('img')
        ?.getAttribute('src'),
    ).toMatch(/^data:image\/svg\+xml/)
  })

  test('parameters: termsConditionsUrl and privacyPolicyUrl', async () => {
    renderLatchkey(<ConnectButton />, {
      options: {
        termsConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    })
    await openConnect()
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://example.com/terms',
    )
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    )
  })

  test('behavior: All Wallets opens the AllWallets view, back returns', async () => {
    renderLatchkey(<ConnectButton />)
    const dialog = await openConnect()
    fireEvent.click(screen.getByTestId('all-wallets'))
    await screen.findByTestId('wallet-search')
    expect(dialog.getAttribute('data-view')).toBe('AllWallets')
    fireEvent.click(screen.getByTestId('modal-back'))
    await screen.findByTestId('all-wallets')
    expect(dialog.getAttribute('data-view')).toBe('Connect')
  })
})

describe('Connect view with a directory', () => {
  let server: DirectoryServerProcess
  let gate: DirectoryGate
  beforeAll(async () => {
    server = await startDirectoryServer()
    gate = await startDirectoryGate(server.url)
  }, 60_000)
  afterAll(async () => {
    await gate?.close()
    await server?.close()
  })

  test('behavior: featured wallets (host order) then recommended ones join the list', async () => {
    renderLatchkey(<ConnectButton />, {
      options: {
        directory: { url: gate.url },
        featuredWalletIds: ['birchkey', 'mosaic-vault'],
        excludeWalletIds: ['lantern'],
      },
    })
    const dialog = await openConnect()
    await waitFor(() =>
      expect(rowIds(dialog)).toEqual([
        'wallet-dev.latchkey.testwallet',
        'wallet-birchkey',
        'wallet-example.mosaic-vault',
        'wallet-example.harbor-wallet',
        'wallet-quill-pay',
        'all-wallets',
      ]),
    )
    const asked = gate.requests.filter((r) => r.pathname === '/getWallets')
    const featured = asked.find((r) => r.searchParams.has('include'))
    const recommended = asked.find((r) => !r.searchParams.has('include'))
    expect(featured?.searchParams.get('include')).toBe('birchkey,mosaic-vault')
    expect(recommended?.searchParams.get('page')).toBe('1')
    expect(recommended?.searchParams.get('entries')).toBe('4')
    expect(recommended?.searchParams.get('exclude')).toBe('lantern,birchkey,mosaic-vault')
    // the app's wallet and the directory's four (Lantern excluded, Tern not on these chains)
    expect(screen.getByTestId('all-wallets').textContent).toBe('All Wallets5')
  })

  test('error: I1 a directory that cannot be read leaves the Connect view as it is', async () => {
    gate.down()
    try {
      renderLatchkey(<ConnectButton />, {
        options: { directory: { url: gate.url }, projectId: 'connect-down' },
      })
      const dialog = await openConnect()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(rowIds(dialog)).toEqual(['wallet-dev.latchkey.testwallet', 'all-wallets'])
      // no count rather than a wrong one
      expect(screen.getByTestId('all-wallets').textContent).toBe('All Wallets')
    } finally {
      gate.up()
    }
  })
})
