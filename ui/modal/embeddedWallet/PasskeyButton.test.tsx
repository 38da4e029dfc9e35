import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { mainnet } from 'viem/chains'
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

// The Connect view's "Continue with a passkey" (issue 16) against a scripted frame: the click asks
// the frame for its passkey screen (CONNECT_PASSKEY), then wagmi connects as after an email code.

const script: FrameScript = {
  CONNECT_PASSKEY: {},
  GET_USER: { payload: fixtureUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
  SYNC_THEME: {},
  SIGN_OUT: {},
}

let containers: HTMLElement[] = []

function renderWithPasskey(overrides: FrameScript = {}) {
  const fake = createScriptedFrame({ ...script, ...overrides })
  containers.push(fake.container)
  const config = createConfig({
    chains: [mainnet],
    multiInjectedProviderDiscovery: false,
    storage: null,
    connectors: [
      embeddedWallet({
        frameUrl: scriptedFrameUrl,
        container: fake.container,
        timeouts: { postReadyDelay: 0 },
      }),
    ],
    transports: { [mainnet.id]: fakeChainTransport },
  })
  render(
    <WagmiProvider config={config as never}>
      <QueryClientProvider client={new QueryClient()}>
        <LatchkeyProvider options={{}}>
          <ConnectButton />
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
  return fake
}

const view = () => screen.getByRole('dialog').getAttribute('data-view')

async function clickPasskey() {
  fireEvent.click(screen.getByTestId('connect-button'))
  const button = await screen.findByRole('button', { name: 'Continue with a passkey' })
  fireEvent.click(button)
  return button
}

beforeEach(() => {
  stubFramePages()
  configure({ asyncUtilTimeout: 5_000 })
})
afterEach(() => {
  for (const container of containers) container.remove()
  containers = []
})

describe('Continue with a passkey', { timeout: 20_000 }, () => {
  test('default: the click asks the frame for its passkey sign-in, and the modal lands on Account, connected', async () => {
    const fake = renderWithPasskey()
    await clickPasskey()
    await waitFor(() => expect(view()).toBe('Account'))
    expect(fake.last('CONNECT_PASSKEY')).toMatchObject({ type: 'CONNECT_PASSKEY' })
    expect(fake.last('CONNECT_PASSKEY')?.payload).toBeUndefined()
    expect(fake.types().indexOf('GET_USER')).toBeGreaterThan(
      fake.types().indexOf('CONNECT_PASSKEY'),
    )
  })

  test('behavior: a closed passkey prompt (4001) says nothing and the button works again; another failure says why', async () => {
    const fake = renderWithPasskey({
      CONNECT_PASSKEY: [
        { error: { message: 'User rejected', code: 4001 } },
        { error: { message: 'This passkey is not registered for any account here.' } },
      ],
    })
    const button = await clickPasskey()
    await waitFor(() => expect(fake.types()).toContain('CONNECT_PASSKEY'))
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(view()).toBe('Connect')

    fireEvent.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('This passkey is not registered for any account here.')
    expect(fake.types().filter((type) => type === 'CONNECT_PASSKEY')).toHaveLength(2)
    expect(view()).toBe('Connect')
  })
})
