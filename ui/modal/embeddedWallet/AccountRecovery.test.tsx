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

// A sealed wallet's recovery password (issue 16) against a scripted frame: right after the login,
// Account asks the frame for its recovery setup (SETUP_RECOVERY with `ask`), which the modal shows
// like an approval; skipped, Account keeps a warning row that offers it again.

type Answer = { payload: { recovery: 'none' | 'set' | 'missing' } }

let containers: HTMLElement[] = []

function renderSealed(setup: (payload: unknown) => Promise<Answer>, more: FrameScript = {}) {
  const script: FrameScript = {
    CONNECT_PASSKEY: {},
    GET_USER: { payload: fixtureUser },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
    SYNC_THEME: {},
    SETUP_RECOVERY: setup,
    ...more,
  }
  const fake = createScriptedFrame(script)
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

beforeEach(() => {
  stubFramePages()
  configure({ asyncUtilTimeout: 5_000 })
})
afterEach(() => {
  for (const container of containers) container.remove()
  containers = []
})

describe('the recovery setup after a sealed wallet’s login', { timeout: 20_000 }, () => {
  test('behavior: the frame’s setup shows over the modal after login; skipped, Account warns “Set a recovery password” until it is set', async () => {
    const answers: ((answer: Answer) => void)[] = []
    const fake = renderSealed(() => new Promise<Answer>((resolve) => answers.push(resolve)))
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a passkey' }))

    // Asked once the login is done, with `ask`: the frame shows its screen (APPROVAL_REQUESTED).
    await waitFor(() => expect(answers).toHaveLength(1))
    const first = fake.last('SETUP_RECOVERY')
    expect(first?.payload).toEqual({ ask: true })
    fake.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: first?.id } })
    await waitFor(() => expect(view()).toBe('ApproveTransaction'))
    // The modal's title is the frame screen's, not "Approve Transaction".
    expect(screen.getByRole('dialog', { name: 'Protect your wallet' })).toBeTruthy()
    expect(document.querySelector('[data-lk-approve-hint]')?.textContent).toBe(
      'What you type here stays in the secure wallet window.',
    )
    expect(screen.queryByTestId('account-recovery')).toBeNull()

    // The visitor chose "Later": Account, with the warning row (Account, back, checks again
    // without showing anything: the first approval may have set it meanwhile).
    fake.deliver({ type: 'APPROVAL_SETTLED', payload: { id: first?.id } })
    answers[0]?.({ payload: { recovery: 'missing' } })
    await waitFor(() => expect(view()).toBe('Account'))
    await waitFor(() => expect(answers).toHaveLength(2))
    expect(fake.last('SETUP_RECOVERY')?.payload).toBeUndefined()
    answers[1]?.({ payload: { recovery: 'missing' } })
    const row = await screen.findByTestId('account-recovery')
    expect(row.textContent).toBe('Set a recovery password')
    expect(row.getAttribute('data-tone')).toBe('warning')

    // The row offers it again; once set, the row goes.
    fireEvent.click(row)
    await waitFor(() => expect(answers).toHaveLength(3))
    expect(fake.last('SETUP_RECOVERY')?.payload).toEqual({ ask: true })
    answers[2]?.({ payload: { recovery: 'set' } })
    await waitFor(() => expect(screen.queryByTestId('account-recovery')).toBeNull())
    expect(fake.types().filter((type) => type === 'SETUP_RECOVERY')).toHaveLength(3)
  })
})

describe('the rows that open the frame’s own screens', { timeout: 20_000 }, () => {
  test('error: Security failing says so in a toast; Cancel in Ways to sign in is the visitor’s choice, no toast', async () => {
    const fake = renderSealed(async () => ({ payload: { recovery: 'set' } }), {
      OPEN_SECURITY: { error: { message: 'The wallet server is not reachable.', code: -32603 } },
      OPEN_LOGINS: { error: { message: 'Cancelled.', code: 4001 } },
    })
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a passkey' }))
    await waitFor(() => expect(view()).toBe('Account'))

    fireEvent.click(await screen.findByTestId('account-logins'))
    await waitFor(() => expect(fake.types()).toContain('OPEN_LOGINS'))
    await waitFor(() =>
      expect(screen.getByTestId('account-logins').getAttribute('aria-busy')).not.toBe('true'),
    )
    expect(screen.queryByText(/could not open/)).toBeNull()

    fireEvent.click(screen.getByTestId('account-security'))
    expect(
      await screen.findByText(
        /The security settings could not open: The wallet server is not reachable/,
      ),
    ).toBeTruthy()
  })
})
