import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { embeddedWallet } from '../../../connectors/embeddedWallet'
import { fixtureUser } from '../../../test/harness/frame.fixtures'
import { stubFramePages } from '../../../test/harness/frameTestHarness'
import {
  createScriptedFrame,
  type FrameScript,
  scriptedFrameUrl,
} from '../../../test/harness/scriptedFrame'
import { fakeChainTransport } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'
import { LatchkeyProvider } from '../../LatchkeyProvider'

// ConnectingFarcaster against a scripted frame, in React's strict mode (effects run twice on
// mount, as in a dapp's development build): one login waits, and only leaving the view reloads
// the frame. The whole flow against the real server and relay is test/e2e/farcasterLogin.test.ts.
const uri = 'https://farcaster.example/~/siwf?channelToken=1&nonce=abcdef0123456789'
const farcasterUser = {
  ...fixtureUser,
  email: null,
  socialProvider: 'farcaster',
  userName: 'alice',
}
const script = (connect: FrameScript['CONNECT_FARCASTER']): FrameScript => ({
  GET_FARCASTER_URI: { payload: { uri } },
  CONNECT_FARCASTER: connect,
  GET_USER: { payload: farcasterUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
  SYNC_THEME: {},
  RELOAD: {},
})

let containers: HTMLElement[] = []

function renderStrict(frameScript: FrameScript) {
  const fake = createScriptedFrame(frameScript)
  containers.push(fake.container)
  const config = createConfig({
    chains: [mainnet, bsc],
    multiInjectedProviderDiscovery: false,
    storage: null,
    connectors: [
      embeddedWallet({
        frameUrl: scriptedFrameUrl,
        container: fake.container,
        timeouts: { postReadyDelay: 0 },
      }),
    ],
    transports: { [mainnet.id]: fakeChainTransport, [bsc.id]: fakeChainTransport },
  })
  render(
    <StrictMode>
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchkeyProvider options={{}}>
            <ConnectButton />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
  return fake
}

const view = () => screen.getByRole('dialog').getAttribute('data-view')

async function openFarcaster() {
  fireEvent.click(screen.getByTestId('connect-button'))
  const button = await screen.findByTestId('social-farcaster')
  expect(button.textContent).toBe('Continue with Farcaster')
  fireEvent.click(button)
  await waitFor(() => expect(view()).toBe('ConnectingFarcaster'))
}

beforeEach(() => {
  stubFramePages({ socialProviders: ['farcaster'] })
  configure({ asyncUtilTimeout: 5_000 })
})
afterEach(() => {
  for (const container of containers) container.remove()
  containers = []
})

describe('ConnectingFarcaster', { timeout: 20_000 }, () => {
  test('default: the link and the QR code, then the username, then Account with Farcaster', async () => {
    let sign: (reply: { payload: unknown }) => void = () => {}
    const fake = renderStrict(script(() => new Promise((resolve) => (sign = resolve)) as never))
    await openFarcaster()
    const link = await screen.findByTestId('farcaster-open')
    expect(link.getAttribute('href')).toBe(uri)
    await screen.findByRole('img', { name: 'Farcaster sign-in QR code' })
    expect(screen.getByTestId('farcaster-status').textContent).toBe('Scan with your phone')

    await act(async () => sign({ payload: { userName: 'alice' } }))
    await waitFor(() => expect(view()).toBe('Account'))
    await waitFor(() => expect(screen.getByTestId('account-social').textContent).toBe('alice'))
    expect(fake.types()).not.toContain('RELOAD')
  })

  test("behavior: strict mode's second mount waits once, nothing reloads; leaving the view reloads the frame 100 ms later", async () => {
    const fake = renderStrict(script('hang'))
    await openFarcaster()
    await screen.findByTestId('farcaster-open')
    await waitFor(() =>
      expect(fake.types().filter((t) => t === 'CONNECT_FARCASTER')).toHaveLength(1),
    )
    expect(fake.types()).not.toContain('RELOAD')

    // Timed from the click (the view is left in it): a loaded machine may show Connect late.
    const left = Date.now()
    fireEvent.click(screen.getByTestId('modal-back'))
    await waitFor(() => expect(view()).toBe('Connect'))
    await waitFor(() => expect(fake.types()).toContain('RELOAD'))
    expect(Date.now() - left).toBeGreaterThanOrEqual(95)
    expect(fake.types().filter((t) => t === 'RELOAD')).toHaveLength(1)
  })

  test('behavior: a refused signature says so; Try again opens a new channel', async () => {
    const fake = renderStrict(
      script([
        {
          error: { message: 'This Farcaster sign-in could not be verified. Please sign in again.' },
        },
        'hang',
      ]),
    )
    await openFarcaster()
    await waitFor(() =>
      expect(screen.getByTestId('farcaster-error').textContent).toBe(
        'This Farcaster sign-in could not be verified. Please sign in again.',
      ),
    )
    expect(screen.getByTestId('farcaster-status').textContent).toBe(
      'Could not sign in with Farcaster',
    )
    const before = fake.types().filter((t) => t === 'GET_FARCASTER_URI').length
    fireEvent.click(screen.getByTestId('farcaster-retry'))
    await screen.findByTestId('farcaster-open')
    expect(fake.types().filter((t) => t === 'GET_FARCASTER_URI').length).toBe(before + 1)
  })
})
