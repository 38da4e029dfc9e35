import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { custom } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import type { LatchkeyOptions } from '../../../src/schemas/options'
import { type DirectoryGate, startDirectoryGate } from '../../../test/harness/startDirectoryGate'
import {
  type DirectoryServerProcess,
  startDirectoryServer,
} from '../../../test/harness/startDirectoryServer'
import { createFakeWalletConnect, fakeWcUri } from '../../../test/ui/fakeWalletConnect'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'
import { LatchkeyProvider } from '../../LatchkeyProvider'

const rpc = custom({
  async request({ method }: { method: string }) {
    if (method === 'eth_chainId') return '0x1'
    if (method === 'eth_getBalance') return '0x0'
    return null
  },
})

const manyWallets = Array.from({ length: 1000 }, (_, i) => ({
  id: `wallet-${i}`,
  name: i === 777 ? 'Zebra Vault' : `Wallet ${String(i).padStart(4, '0')}`,
}))

async function openAllWallets() {
  renderLatchkey(<ConnectButton />, { options: { customWallets: manyWallets } })
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('all-wallets'))
  return screen.findByTestId('wallet-search')
}

const rows = () => document.querySelectorAll('[data-lk-virtual-list] [data-lk-row]')

describe('AllWallets view', () => {
  test('default: 1,000 wallets render only the visible rows', async () => {
    await openAllWallets()
    expect(rows().length).toBeGreaterThan(0)
    expect(rows().length).toBeLessThan(60)
    const list = document.querySelector('[data-lk-virtual-list]') as HTMLElement
    // the list is as tall as all rows, so the scrollbar tells the truth
    expect(list.style.height).toBe(`${1001 * 56}px`)
  })

  test('behavior: scrolling renders the rows in view', async () => {
    await openAllWallets()
    const viewport = document.querySelector('[data-lk-virtual]') as HTMLElement
    viewport.scrollTop = 500 * 56
    fireEvent.scroll(viewport)
    await waitFor(() => expect(screen.getByTestId('wallet-wallet-500')).toBeTruthy())
    expect(screen.queryByTestId('wallet-wallet-0')).toBeNull()
    expect(rows().length).toBeLessThan(60)
  })

  test('behavior: search filters by name', async () => {
    const search = await openAllWallets()
    fireEvent.change(search, { target: { value: 'zebra' } })
    await waitFor(() => expect(rows()).toHaveLength(1))
    const row = screen.getByTestId('wallet-wallet-777')
    expect(row.querySelector('[data-lk-row-label]')?.textContent).toBe('Zebra Vault')
  })

  test('behavior: no match shows an empty state', async () => {
    const search = await openAllWallets()
    fireEvent.change(search, { target: { value: 'no such wallet' } })
    await screen.findByText('No wallet found')
    expect(rows()).toHaveLength(0)
  })
})

// ---- with a directory: the real `latchkey serve` directory routes on loopback ----

let sample: DirectoryServerProcess
let big: DirectoryServerProcess
let gate: DirectoryGate
let bigGate: DirectoryGate
let registryDir: string

const bigCount = 1_200
const pad = (i: number) => String(i).padStart(4, '0')

beforeAll(async () => {
  registryDir = mkdtempSync(join(tmpdir(), 'latchkey-registry-'))
  const registry = join(registryDir, 'wallets.json')
  const wallets = Array.from({ length: bigCount }, (_, i) => ({
    id: `w${pad(i)}`,
    name: `Directory Wallet ${pad(i)}`,
    image_id: `w${pad(i)}`,
    mobile_link: `wallet${i}://`,
    chains: ['eip155:1'],
  }))
  writeFileSync(registry, JSON.stringify({ wallets }))
  ;[sample, big] = await Promise.all([startDirectoryServer(), startDirectoryServer({ registry })])
  ;[gate, bigGate] = await Promise.all([
    startDirectoryGate(sample.url),
    startDirectoryGate(big.url),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all([gate?.close(), bigGate?.close(), sample?.close(), big?.close()])
  rmSync(registryDir, { recursive: true, force: true })
})

beforeEach(() => {
  gate.up()
  gate.requests.length = 0
  bigGate.requests.length = 0
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

// the list's pages (the Connect view's suggestions ask for 4 entries)
const pages = (requests: URL[]) =>
  requests.filter(
    (r) =>
      r.pathname === '/getWallets' &&
      r.searchParams.get('entries') !== '4' &&
      !r.searchParams.has('search'),
  )
const searches = (requests: URL[]) =>
  requests.filter((r) => r.pathname === '/getWallets' && r.searchParams.has('search'))
const labels = () =>
  [...rows()].map((row) => row.querySelector('[data-lk-row-label]')?.textContent ?? '')
const liveCount = () => document.querySelector('[data-lk-all-wallets] [aria-live]')?.textContent

async function openDirectory(options: LatchkeyOptions) {
  renderLatchkey(<ConnectButton />, { options })
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('all-wallets'))
  return screen.findByTestId('wallet-search')
}

describe('AllWallets view with a directory', () => {
  test('default: without the directory option nothing asks a directory', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await openAllWallets()
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('getWallets'),
    )
    expect(gate.requests).toEqual([])
  })

  test("default: the directory's wallets follow the app's own, filtered by the app's chains", async () => {
    await openDirectory({ directory: { url: gate.url }, projectId: 'shop' })
    await screen.findByTestId('wallet-example.lantern-wallet')
    // Tern is a Solana-only wallet: the app's chains are Ethereum and BNB Smart Chain
    expect(labels()).toEqual([
      'Latchkey Test Wallet',
      'Lantern Wallet',
      'Harbor',
      'Quill Pay',
      'Mosaic Vault',
      'Birchkey',
    ])
    expect(liveCount()).toBe('6 wallets')
    const [first] = pages(gate.requests)
    expect(Object.fromEntries(first?.searchParams ?? [])).toMatchObject({
      page: '1',
      entries: '40',
      projectId: 'shop',
      chains: 'eip155:1,eip155:56',
    })
    expect(pages(gate.requests)).toHaveLength(1)
  })

  // Pages in order, each once, and the rows kept few: not a timing (25 reads from a local server
  // took over 15 s on a loaded runner).
  test('behavior: 1,200 wallets are read 40 at a time as the list scrolls, only the visible rows rendered', {
    timeout: 90_000,
  }, async () => {
    await openDirectory({ directory: { url: bigGate.url } })
    await screen.findByTestId('wallet-w0000')
    const list = document.querySelector('[data-lk-virtual-list]') as HTMLElement
    // the directory's count sizes the list at once: the scrollbar tells the truth
    await waitFor(() => expect(list.style.height).toBe(`${(1 + bigCount) * 56}px`))
    expect(pages(bigGate.requests).map((r) => r.searchParams.get('page'))).toEqual(['1'])
    expect(rows().length).toBeLessThan(60)

    const viewport = document.querySelector('[data-lk-virtual]') as HTMLElement
    viewport.scrollTop = 1_000 * 56
    fireEvent.scroll(viewport)
    // row 1,000 is the directory's wallet 999, on page 25: read in order, each page once
    await screen.findByTestId('wallet-w0999', {}, { timeout: 60_000 })
    const asked = pages(bigGate.requests).map((r) => Number(r.searchParams.get('page')))
    expect(asked.slice(0, 25)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(new Set(asked).size).toBe(asked.length)
    expect(pages(bigGate.requests).every((r) => r.searchParams.get('entries') === '40')).toBe(true)
    expect(rows().length).toBeLessThan(60)
    expect(screen.queryByTestId('wallet-w0000')).toBeNull()
  })

  test('behavior: the search box asks the directory once, 300 ms after the last key', async () => {
    const search = await openDirectory({ directory: { url: gate.url } })
    await screen.findByTestId('wallet-example.lantern-wallet')
    for (const value of ['h', 'ha', 'har', 'harb']) fireEvent.change(search, { target: { value } })
    await waitFor(() => expect(labels()).toEqual(['Harbor']))
    await waitFor(() => expect(searches(gate.requests)).toHaveLength(1))
    const [asked] = searches(gate.requests)
    expect(asked?.searchParams.get('search')).toBe('harb')
    expect(asked?.searchParams.get('entries')).toBe('100')
    expect(liveCount()).toBe('1 wallets')
  })

  test('behavior: a search finds directory wallets beyond the pages read', async () => {
    const search = await openDirectory({ directory: { url: bigGate.url } })
    await screen.findByTestId('wallet-w0000')
    fireEvent.change(search, { target: { value: 'wallet 1187' } })
    await screen.findByTestId('wallet-w1187')
    expect(labels()).toEqual(['Directory Wallet 1187'])
  })

  test('error: I1 a directory that is down shows its error and a retry, never "0 wallets"; retry reads it', async () => {
    gate.down()
    // a project of its own: pages other tests read are in the DOM's HTTP cache (max-age=60)
    await openDirectory({ directory: { url: gate.url }, projectId: 'down' })
    const error = await screen.findByTestId('directory-error', {}, { timeout: 15_000 })
    expect(error.textContent).toBe('The wallet list could not be loaded.')
    expect(screen.queryByText('No wallet found')).toBeNull()
    expect(liveCount()).not.toMatch(/\b0 wallets/)
    // the app's own wallets still show
    expect(labels()).toEqual(['Latchkey Test Wallet'])

    gate.up()
    fireEvent.click(screen.getByTestId('directory-retry'))
    await screen.findByTestId('wallet-example.lantern-wallet')
    expect(screen.queryByTestId('directory-error')).toBeNull()
    expect(labels()).toHaveLength(6)
  })

  test('error: I1 a failed search shows its error and a retry, not "No wallet found"', async () => {
    const search = await openDirectory({ directory: { url: gate.url } })
    await screen.findByTestId('wallet-example.lantern-wallet')
    gate.down()
    fireEvent.change(search, { target: { value: 'quill' } })
    const error = await screen.findByTestId('directory-error', {}, { timeout: 15_000 })
    expect(error.textContent).toBe('The wallet list could not be searched.')
    expect(screen.queryByText('No wallet found')).toBeNull()

    gate.up()
    fireEvent.click(screen.getByTestId('directory-retry'))
    await waitFor(() => expect(labels()).toEqual(['Quill Pay']))
    expect(screen.queryByTestId('directory-error')).toBeNull()
  })

  test('parameters: excludeWalletIds and includeWalletIds go into the queries', async () => {
    // a reverse domain name is not a directory id: it stays out of the query and is matched by rdns
    await openDirectory({
      directory: { url: gate.url },
      excludeWalletIds: ['harbor', 'example.lantern-wallet'],
    })
    await screen.findByTestId('wallet-quill-pay')
    expect(labels()).toEqual(['Latchkey Test Wallet', 'Quill Pay', 'Mosaic Vault', 'Birchkey'])
    expect(pages(gate.requests)[0]?.searchParams.get('exclude')).toBe('harbor')
    cleanup()

    gate.requests.length = 0
    await openDirectory({
      directory: { url: gate.url },
      includeWalletIds: ['dev.latchkey.testwallet', 'quill-pay', 'birchkey'],
    })
    await screen.findByTestId('wallet-birchkey')
    expect(labels()).toEqual(['Latchkey Test Wallet', 'Quill Pay', 'Birchkey'])
    expect(pages(gate.requests)[0]?.searchParams.get('include')).toBe('quill-pay,birchkey')
  })

  test('behavior: a directory wallet that is installed shows once, as installed', async () => {
    renderLatchkey(<ConnectButton />, {
      options: { directory: { url: gate.url } },
      extraWallets: [{ id: 'example.harbor-wallet', name: 'Harbor' }],
    })
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('all-wallets'))
    await screen.findByTestId('wallet-example.lantern-wallet')
    expect(labels().filter((label) => label === 'Harbor')).toHaveLength(1)
    expect(screen.getByTestId('wallet-example.harbor-wallet').textContent).toContain('Installed')
  })

  test('behavior: choosing a directory wallet opens WalletConnect for it', async () => {
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const fake = createFakeWalletConnect()
    const config = createConfig({
      chains: [mainnet, bsc],
      multiInjectedProviderDiscovery: false,
      storage: null,
      connectors: [fake.connector],
      transports: { [mainnet.id]: rpc, [bsc.id]: rpc },
    })
    render(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchkeyProvider options={{ directory: { url: gate.url } }}>
            <ConnectButton />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    )
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('all-wallets'))
    fireEvent.click(await screen.findByTestId('wallet-example.harbor-wallet'))
    const dialog = screen.getByRole('dialog')
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingWalletConnect'))
    expect(within(dialog).getByRole('heading').textContent).toBe('Harbor')
    await waitFor(() =>
      expect(document.querySelector('[data-wc-uri]')?.getAttribute('data-wc-uri')).toBe(
        fakeWcUri(1),
      ),
    )
    // Harbor's desktop link from the registry, with the pairing URI
    fireEvent.click(screen.getByTestId('wc-open-wallet'))
    expect(open).toHaveBeenCalledWith(
      `harbor://wc?uri=${encodeURIComponent(fakeWcUri(1))}`,
      '_blank',
      'noopener,noreferrer',
    )
  })
})
