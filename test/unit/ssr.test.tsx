import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

// The unit project runs in plain Node: no window, no document, no localStorage.
afterEach(() => {
  vi.restoreAllMocks()
})

describe('imports', () => {
  test('behavior: node has no DOM here', () => {
    expect(globalThis.window).toBeUndefined()
    expect(globalThis.document).toBeUndefined()
  })

  test.each([
    ['latchkey', () => import('../../src/index')],
    ['latchkey/connectors', () => import('../../connectors/index')],
    ['latchkey/react', () => import('../../ui/index')],
  ])('behavior: %s imports without a DOM', async (_, load) => {
    const module = await load()
    expect(Object.keys(module).length).toBeGreaterThan(0)
    expect(globalThis.window).toBeUndefined()
    expect(globalThis.document).toBeUndefined()
  })
})

describe('renderToString', () => {
  test('behavior: ConnectButton renders disconnected on the server', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValue(new TypeError('no network in SSR'))
    const { ConnectButton, LatchkeyProvider } = await import('../../ui/index')
    const config = createConfig({
      chains: [mainnet, bsc],
      ssr: true,
      transports: { [mainnet.id]: http(), [bsc.id]: http() },
    })
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchkeyProvider options={{}}>
            <ConnectButton />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    )
    expect(html).toContain('data-testid="connect-button"')
    expect(html).toContain('Connect Wallet')
    expect(html).not.toContain('data-testid="account-button"')
    expect(fetch).not.toHaveBeenCalled()
    expect(globalThis.window).toBeUndefined()
  })
})

describe('first render for a visitor who never connected', () => {
  test.each([
    ['with', true],
    ['without', false],
  ])(
    'behavior: %s wagmi ssr the button says "Connect Wallet", never "Connecting…"',
    async (_, ssr) => {
      const fetch = vi
        .spyOn(globalThis, 'fetch')
        .mockRejectedValue(new TypeError('no network in SSR'))
      const { ConnectButton, LatchkeyProvider } = await import('../../ui/index')
      // Without `ssr`, wagmi starts its reconnect during the first render and passes through
      // 'connecting' even when nothing was ever stored: that is not a connection being restored.
      const config = createConfig({
        chains: [mainnet, bsc],
        ssr,
        transports: { [mainnet.id]: http(), [bsc.id]: http() },
      })
      const html = renderToString(
        <WagmiProvider config={config}>
          <QueryClientProvider client={new QueryClient()}>
            <LatchkeyProvider options={{}}>
              <ConnectButton />
            </LatchkeyProvider>
          </QueryClientProvider>
        </WagmiProvider>,
      )
      expect(html).toContain('Connect Wallet')
      expect(html).not.toContain('Connecting')
      expect(fetch).not.toHaveBeenCalled()
    },
  )
})

/** Runs every hook of `latchkey/react`, keeping what each returned. */
function Hooks({
  entry,
  used,
}: {
  entry: typeof import('../../ui/index')
  used: Record<string, unknown>
}) {
  used.modal = entry.useModal()
  used.wallets = entry.useWallets()
  used.siwx = entry.useSiwx()
  used.email = entry.useEmailLogin()
  used.walletConnect = entry.useWalletConnect()
  used.solanaAccount = entry.useSolanaAccount()
  used.solanaBalance = entry.useSolanaBalance()
  used.solanaCluster = entry.useSolanaCluster()
  used.solanaConnect = entry.useSolanaConnect()
  used.solanaDisconnect = entry.useSolanaDisconnect()
  used.solanaSendTransaction = entry.useSolanaSendTransaction()
  used.solanaSignMessage = entry.useSolanaSignMessage()
  used.solanaSignTransaction = entry.useSolanaSignTransaction()
  used.solanaWallets = entry.useSolanaWallets()
  return null
}

describe('G6 every export on the server', () => {
  test('behavior: G6 each entry imports, each component renders and each hook runs in renderToString, 0 ReferenceError', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValue(new TypeError('no network in SSR'))
    const errors: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
    const core = await import('../../src/index')
    const connectors = await import('../../connectors/index')
    const { walletConnect } = await import('../../connectors/walletConnect')
    const react = await import('../../ui/index')
    const solana = await import('../../connectors/solana/index')
    // every value export of the four browser entries is there (a missing one is undefined)
    for (const entry of [core, connectors, react, solana])
      for (const [name, value] of Object.entries(entry)) expect(value, name).toBeDefined()

    // the connectors' factories set up in a server-side config
    const config = createConfig({
      chains: [mainnet, bsc],
      ssr: true,
      connectors: [
        connectors.embeddedWallet({ frameUrl: 'https://wallet.test/frame', projectId: 'ssr' }),
        walletConnect({ relayUrl: 'wss://relay.test' }),
      ],
      transports: { [mainnet.id]: http(), [bsc.id]: http() },
    })
    const used: Record<string, unknown> = {}
    const components = Object.entries(react).filter(
      ([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name),
    )
    expect(components.map(([name]) => name).sort()).toEqual([
      'ConnectButton',
      'ConnectModal',
      'LatchkeyProvider',
      'SolanaProvider',
    ])
    // the Solana adapter made on the server: nothing is read from storage or the page
    const solanaAdapter = solana.createSolanaAdapter({ clusters: ['devnet'] })
    const html = renderToString(
      <WagmiProvider config={config}>
        <QueryClientProvider client={new QueryClient()}>
          <react.LatchkeyProvider options={{ themeMode: 'dark' }}>
            <react.ConnectButton />
            <react.ConnectModal />
            <react.SolanaProvider adapter={solanaAdapter}>
              <Hooks entry={react} used={used} />
            </react.SolanaProvider>
          </react.LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    )
    expect(html).toContain('data-testid="connect-button"')
    expect(Object.keys(used).sort()).toEqual([
      'email',
      'modal',
      'siwx',
      'solanaAccount',
      'solanaBalance',
      'solanaCluster',
      'solanaConnect',
      'solanaDisconnect',
      'solanaSendTransaction',
      'solanaSignMessage',
      'solanaSignTransaction',
      'solanaWallets',
      'walletConnect',
      'wallets',
    ])
    expect(used.solanaAccount).toMatchObject({ status: 'disconnected', cluster: { id: 'devnet' } })
    // the framework-free helpers of the React entry
    expect(react.themeToStyle(react.darkTheme())).toBeTypeOf('object')
    const reference = errors.filter((args) => String(args).includes('ReferenceError'))
    expect(reference).toEqual([])
    expect(errors).toEqual([])
    expect(fetch).not.toHaveBeenCalled()
    expect(globalThis.window).toBeUndefined()
    expect(globalThis.document).toBeUndefined()
  })
})
