import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { custom } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { MissingPeerDependencyError } from '../../../src/errors/MissingPeerDependencyError'
import type { LatchkeyOptions } from '../../../src/schemas/options'
import { createFakeWalletConnect, fakeWcUri } from '../../../test/ui/fakeWalletConnect'
import { ConnectButton } from '../../ConnectButton'
import { LatchkeyProvider } from '../../LatchkeyProvider'

const rpc = custom({
  async request({ method }: { method: string }) {
    if (method === 'eth_chainId') return '0x1'
    if (method === 'eth_getBalance') return '0x0'
    return null
  },
})

function renderWithWalletConnect(
  options: LatchkeyOptions = {},
  fake = createFakeWalletConnect(),
  wrap: (tree: ReactNode) => ReactNode = (tree) => tree,
) {
  const config = createConfig({
    chains: [mainnet, bsc],
    multiInjectedProviderDiscovery: false,
    storage: null,
    connectors: [fake.connector],
    transports: { [mainnet.id]: rpc, [bsc.id]: rpc },
  })
  render(
    wrap(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchkeyProvider options={options}>
            <ConnectButton />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    ),
  )
  return fake
}

const shownUri = () => document.querySelector('[data-wc-uri]')?.getAttribute('data-wc-uri')

async function pickWalletConnect() {
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-walletConnect'))
  await waitFor(() => expect(shownUri()).toBe(fakeWcUri(1)))
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ConnectingWalletConnect view', () => {
  test('default: the WalletConnect row comes first with a QR tag; the view shows the URI as a QR code', async () => {
    const fake = renderWithWalletConnect()
    fireEvent.click(screen.getByTestId('connect-button'))
    const row = await screen.findByTestId('wallet-walletConnect')
    expect(row.textContent).toBe('WalletConnectQR code')
    fireEvent.click(row)
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(1)))
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('ConnectingWalletConnect')
    expect(screen.getByTestId('connecting-status').textContent).toBe('Scan with your phone')
    // the QR code (its encoder loads on demand) is an SVG path
    const qr = await screen.findByRole('img', { name: 'WalletConnect QR code' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    expect(fake.attempts).toHaveLength(1)
  })

  test('behavior: approved → the modal closes, the account shows, WalletConnect is a recent wallet', async () => {
    const fake = renderWithWalletConnect()
    await pickWalletConnect()
    act(() => fake.attempts[0]?.approve())
    expect((await screen.findByTestId('account-button')).textContent).toContain('0xf3…b92266')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem('latchkey.recentWallets') ?? '[]')).toMatchObject([
      { name: 'WalletConnect' },
    ])
  })

  test('behavior: a rejected proposal shows the error and a fresh URI at once', async () => {
    const fake = renderWithWalletConnect()
    await pickWalletConnect()
    act(() => fake.attempts[0]?.fault('reject'))
    expect((await screen.findByRole('alert')).textContent).toBe('Connection declined')
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(2)))
    expect(screen.getByRole('alert').textContent).toBe('Connection declined')
    // the fresh URI connects
    act(() => fake.attempts[1]?.approve())
    await screen.findByTestId('account-button')
  })

  test('behavior: under StrictMode (effects run twice) one pairing is asked for, and it connects', async () => {
    const fake = renderWithWalletConnect({}, createFakeWalletConnect(), (tree) => (
      <StrictMode>{tree}</StrictMode>
    ))
    await pickWalletConnect()
    expect(fake.attempts).toHaveLength(1)
    act(() => fake.attempts[0]?.approve())
    expect((await screen.findByTestId('account-button')).textContent).toContain('0xf3…b92266')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('behavior: a URI that expires while shown is replaced before it is shown with 10 s or less left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const fake = createFakeWalletConnect({ holdUris: true })
    renderWithWalletConnect({}, fake)
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('wallet-walletConnect'))
    await waitFor(() => expect(fake.attempts).toHaveLength(1))
    act(() => fake.releaseUris())
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(1)))

    // 4 min ahead, replaced at 10 s left: still shown 11 s before expiry …
    act(() => vi.advanceTimersByTime(4 * 60_000 - 11_000))
    expect(shownUri()).toBe(fakeWcUri(1))
    // … not any more at 10 s before: no URI at all until the fresh one arrives
    act(() => vi.advanceTimersByTime(1_001))
    await waitFor(() => expect(fake.attempts).toHaveLength(2))
    expect(shownUri()).toBeUndefined()
    expect(screen.getByRole('img', { name: 'Preparing the QR code' })).toBeTruthy()
    act(() => fake.releaseUris())
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(2)))
    // the replaced attempt ended quietly: no error shown
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('behavior: a wallet with a link opens it synchronously in the click and remembers the choice', async () => {
    const open = vi.fn()
    vi.stubGlobal('open', open)
    renderWithWalletConnect({
      customWallets: [
        { id: 'rainbow', name: 'Rainbow', desktopLink: 'rainbow://', mobileLink: 'rainbow://' },
      ],
    })
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('wallet-rainbow'))
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(1)))
    expect(screen.getByTestId('connecting-status').textContent).toBe('Scan with your phone')
    fireEvent.click(screen.getByTestId('wc-open-wallet'))
    // no await between the click and the link
    expect(open).toHaveBeenCalledWith(
      `rainbow://wc?uri=${encodeURIComponent(fakeWcUri(1))}`,
      '_blank',
      'noopener,noreferrer',
    )
    expect(JSON.parse(localStorage.getItem('latchkey.deepLinkChoice') ?? 'null')).toEqual({
      href: 'rainbow://',
      name: 'Rainbow',
    })
    vi.unstubAllGlobals()
  })

  test('behavior: copy link puts the URI on the clipboard', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithWalletConnect()
    await pickWalletConnect()
    fireEvent.click(screen.getByTestId('wc-copy'))
    expect(writeText).toHaveBeenCalledWith(fakeWcUri(1))
    await screen.findByText('Link copied')
  })

  test('behavior: manual WalletConnect control starts on the basic view (desktop)', async () => {
    renderWithWalletConnect({ manualWCControl: true })
    fireEvent.click(screen.getByTestId('connect-button'))
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(1)))
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe(
      'ConnectingWalletConnectBasic',
    )
    expect(screen.getByTestId('wc-copy')).toBeTruthy()
  })

  test('error: a connector that cannot start (package missing) shows its error, no spinner, retry and back', async () => {
    const fake = createFakeWalletConnect({ holdUris: true })
    renderWithWalletConnect({}, fake)
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('wallet-walletConnect'))
    await waitFor(() => expect(fake.attempts).toHaveLength(1))
    expect(screen.getByRole('img', { name: 'Preparing the QR code' })).toBeTruthy()
    act(() =>
      fake.attempts[0]?.fail(
        new MissingPeerDependencyError({ packageName: '@walletconnect/universal-provider' }),
      ),
    )
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Package "@walletconnect/universal-provider" is not installed.',
    )
    // the loading QR placeholder and its spinner are gone: nothing is on its way
    expect(document.querySelector('[data-lk-qr-spinner]')).toBeNull()
    expect(screen.queryByRole('img', { name: 'Preparing the QR code' })).toBeNull()
    expect(
      screen.getByRole('img', { name: 'No QR code: the connection could not start' }),
    ).toBeTruthy()
    expect(screen.getByTestId('modal-back')).toBeTruthy()
    // retry asks again, and the placeholder spins again while it waits
    fireEvent.click(screen.getByTestId('retry'))
    await waitFor(() => expect(fake.attempts).toHaveLength(2))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.querySelector('[data-lk-qr-spinner]')).toBeTruthy()
    act(() => fake.releaseUris())
    await waitFor(() => expect(shownUri()).toBe(fakeWcUri(2)))
    // back leaves the view
    fireEvent.click(screen.getByTestId('modal-back'))
    await waitFor(() =>
      expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Connect'),
    )
  })

  test('error: the basic view (manual control) stops its spinner beside an error too', async () => {
    const fake = createFakeWalletConnect({ holdUris: true })
    renderWithWalletConnect({ manualWCControl: true }, fake)
    fireEvent.click(screen.getByTestId('connect-button'))
    await waitFor(() => expect(fake.attempts).toHaveLength(1))
    act(() => fake.attempts[0]?.fail(new Error('Relay unreachable')))
    expect((await screen.findByRole('alert')).textContent).toBe('Relay unreachable')
    expect(document.querySelector('[data-lk-qr-spinner]')).toBeNull()
    expect(screen.getByTestId('retry')).toBeTruthy()
  })
})
