import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { custom } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { signMessage } from 'wagmi/actions'
import { embeddedWallet } from '../../../connectors/embeddedWallet'
import { fixtureUser } from '../../../test/harness/frame.fixtures'
import { stubFramePages } from '../../../test/harness/frameTestHarness'
import {
  createScriptedFrame,
  type FrameScript,
  scriptedFrameUrl,
} from '../../../test/harness/scriptedFrame'
import { ConnectButton } from '../../ConnectButton'
import { LatchkeyProvider } from '../../LatchkeyProvider'

const rpc = custom({ request: async () => null })

const script: FrameScript = {
  CONNECT_EMAIL: { payload: { action: 'VERIFY_OTP' } },
  CONNECT_OTP: {},
  GET_USER: { payload: fixtureUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
  SYNC_THEME: {},
  RPC_REQUEST: 'hang',
}

let containers: HTMLElement[] = []

beforeEach(() => {
  stubFramePages()
  configure({ asyncUtilTimeout: 5_000 })
})

afterEach(() => {
  for (const container of containers) container.remove()
  containers = []
})

describe('ApproveTransaction', { timeout: 20_000 }, () => {
  test('behavior: says it waits for the wallet window once the frame moved the decision there', async () => {
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
      transports: { [mainnet.id]: rpc },
    })
    render(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchkeyProvider>
            <ConnectButton />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    )
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.change(await screen.findByTestId('email-input'), {
      target: { value: 'ada@example.com' },
    })
    fireEvent.click(screen.getByTestId('email-input-submit'))
    fireEvent.change(await screen.findByTestId('otp-digit-0'), { target: { value: '123456' } })
    const view = () => screen.getByRole('dialog').getAttribute('data-view')
    await waitFor(() => expect(view()).toBe('Account'))

    void signMessage(config, { message: 'hi' }).catch(() => {})
    await waitFor(() => expect(fake.last('RPC_REQUEST')).toBeDefined())
    const id = fake.last('RPC_REQUEST')?.id as string
    fake.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    await waitFor(() => expect(view()).toBe('ApproveTransaction'))
    expect(screen.getByRole('dialog', { name: 'Approve Transaction' })).toBeTruthy()
    const hint = () => document.querySelector('[data-lk-approve-hint]')
    expect(hint()?.textContent).toBe('Review and approve the request in the secure wallet window.')
    expect(hint()?.getAttribute('data-state')).toBe('frame')

    fake.deliver({ type: 'APPROVAL_REQUESTED', payload: { id, popup: 'open' } })
    await waitFor(() => expect(hint()?.getAttribute('data-state')).toBe('popup'))
    expect(hint()?.textContent).toBe('Waiting for your decision in the wallet window.')
    expect(hint()?.getAttribute('role')).toBe('status')
  })
})
