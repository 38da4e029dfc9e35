import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { embeddedWallet } from '../../../connectors/embeddedWallet'
import type { LatchkeyOptions } from '../../../src/schemas/options'
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

const loginScript: FrameScript = {
  CONNECT_EMAIL: { payload: { action: 'VERIFY_OTP' } },
  CONNECT_OTP: {},
  GET_USER: { payload: fixtureUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
  SYNC_THEME: {},
  SIGN_OUT: {},
}

function renderWithEmbedded(script: FrameScript, options: LatchkeyOptions = {}) {
  const fake = createScriptedFrame(script)
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <WagmiProvider config={config as never}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={options}>
          <ConnectButton />
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
  return { fake, config }
}

const view = () => screen.getByRole('dialog').getAttribute('data-view')

async function submitEmail(email: string) {
  fireEvent.change(screen.getByTestId('email-input'), { target: { value: email } })
  fireEvent.click(screen.getByTestId('email-input-submit'))
}

async function openConnect() {
  fireEvent.click(screen.getByTestId('connect-button'))
  await screen.findByTestId('email-input')
}

beforeEach(() => {
  stubFramePages()
  // the frame channel loads with import() on first need: slow on a busy machine
  configure({ asyncUtilTimeout: 5_000 })
})

let containers: HTMLElement[] = []

afterEach(() => {
  for (const container of containers) container.remove()
  containers = []
})

describe('email login', { timeout: 20_000 }, () => {
  test('default: email first with an or separator; code; Account shows the email', async () => {
    const { fake } = renderWithEmbedded(loginScript)
    await openConnect()
    expect(screen.getByText('or')).toBeTruthy()

    await submitEmail('not-an-email')
    expect(screen.getByTestId('email-input-error').textContent).toBe('Enter a valid email address')
    expect(fake.posted).toEqual([])

    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    expect(fake.last('CONNECT_EMAIL')?.payload).toEqual({ email: 'ada@example.com' })
    expect(screen.getByTestId('otp-email').textContent).toBe('ada@example.com')

    // the browser's one-time-code autofill puts the whole code into the first box
    fireEvent.change(screen.getByTestId('otp-digit-0'), { target: { value: '123456' } })
    await waitFor(() => expect(view()).toBe('Account'))
    expect(fake.last('CONNECT_OTP')?.payload).toEqual({ otp: '123456' })
    await waitFor(() =>
      expect(screen.getByTestId('account-email').textContent).toBe(fixtureUser.email),
    )
    expect(screen.getByTestId('update-email')).toBeTruthy()
  })

  test('behavior: a wrong code keeps the code view, shows the message and clears the boxes', async () => {
    renderWithEmbedded({
      ...loginScript,
      CONNECT_OTP: { error: { message: 'Invalid code', code: 4001 } },
    })
    await openConnect()
    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    fireEvent.paste(screen.getByTestId('otp-digit-0'), {
      clipboardData: { getData: () => '654321' },
    })
    await waitFor(() => expect(screen.getByTestId('otp-error').textContent).toBe('Invalid code'))
    expect(view()).toBe('EmailVerifyOtp')
    // the boxes clear in the effect that follows the message's render
    await waitFor(() =>
      expect((screen.getByTestId('otp-digit-5') as HTMLInputElement).value).toBe(''),
    )
  })

  test('behavior: another login within 30 s shows the cooldown (SPEC §5)', async () => {
    renderWithEmbedded(loginScript)
    await openConnect()
    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    fireEvent.click(screen.getByTestId('otp-resend'))
    await waitFor(() =>
      expect(screen.getByTestId('otp-error').textContent).toMatch(
        /^Please try again after (30|29) seconds$/,
      ),
    )
    await act(async () => fireEvent.click(screen.getByTestId('modal-back')))
    await waitFor(() => expect(view()).toBe('Connect'))
    await submitEmail('ada@example.com')
    await waitFor(() =>
      expect(screen.getByTestId('email-input-error').textContent).toMatch(
        /^Please try again after \d+ seconds$/,
      ),
    )
  })

  test('behavior: VERIFY_DEVICE shows the device view, then the code view', async () => {
    let approve: (reply: { payload?: unknown }) => void = () => {}
    const device = () => new Promise<{ payload?: unknown }>((resolve) => (approve = resolve))
    renderWithEmbedded({
      ...loginScript,
      CONNECT_EMAIL: { payload: { action: 'VERIFY_DEVICE' } },
      CONNECT_DEVICE: device,
    })
    await openConnect()
    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyDevice'))
    expect(screen.getByTestId('device-status').textContent).toBe(
      'Check your inbox to approve this device',
    )
    approve({})
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
  })

  test('parameters: features.email false hides the field', async () => {
    renderWithEmbedded(loginScript, { features: { email: false } })
    fireEvent.click(screen.getByTestId('connect-button'))
    await screen.findByRole('dialog')
    await waitFor(() => expect(view()).toBe('Connect'))
    expect(screen.queryByTestId('email-input')).toBeNull()
  })
})

describe('sign out everywhere', { timeout: 20_000 }, () => {
  async function loginAndOpenAccount(script: FrameScript) {
    const rendered = renderWithEmbedded(script)
    await openConnect()
    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    fireEvent.change(screen.getByTestId('otp-digit-0'), { target: { value: '123456' } })
    await waitFor(() => expect(view()).toBe('Account'))
    return rendered
  }

  test('default: the Account button ends every session, then signs this page out', async () => {
    const { fake } = await loginAndOpenAccount({ ...loginScript, SIGN_OUT_EVERYWHERE: {} })
    fireEvent.click(await screen.findByTestId('sign-out-everywhere'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await screen.findByTestId('connect-button')
    const types = fake.types()
    expect(types).toContain('SIGN_OUT_EVERYWHERE')
    // wagmi's disconnect follows: the frame is told to sign out this device too.
    expect(types.lastIndexOf('SIGN_OUT')).toBeGreaterThan(types.indexOf('SIGN_OUT_EVERYWHERE'))
  })

  test('behavior: a refused sign out everywhere keeps the account and shows why', async () => {
    const { fake } = await loginAndOpenAccount({
      ...loginScript,
      SIGN_OUT_EVERYWHERE: { error: { message: 'Invalid session', code: 4100 } },
    })
    fireEvent.click(await screen.findByTestId('sign-out-everywhere'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.textContent).toBe('Invalid session')
    expect(view()).toBe('Account')
    expect(fake.types()).not.toContain('SIGN_OUT')
    expect((screen.getByTestId('sign-out-everywhere') as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('email change', { timeout: 20_000 }, () => {
  test('behavior: after the change Account shows the new email (read from the connector, its one owner)', async () => {
    renderWithEmbedded({
      ...loginScript,
      UPDATE_EMAIL: { payload: { action: 'VERIFY_SECONDARY_OTP' } },
      UPDATE_EMAIL_SECONDARY_OTP: { payload: { newEmail: 'new@example.com' } },
    })
    await openConnect()
    await submitEmail('ada@example.com')
    await waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    fireEvent.change(screen.getByTestId('otp-digit-0'), { target: { value: '123456' } })
    await waitFor(() =>
      expect(screen.getByTestId('account-email').textContent).toBe(fixtureUser.email),
    )
    fireEvent.click(screen.getByTestId('update-email'))
    fireEvent.change(await screen.findByTestId('update-email-input'), {
      target: { value: 'new@example.com' },
    })
    fireEvent.click(screen.getByTestId('update-email-input-submit'))
    await waitFor(() => expect(view()).toBe('UpdateEmailSecondaryOtp'))
    fireEvent.change(screen.getByTestId('otp-digit-0'), { target: { value: '654321' } })
    await waitFor(() => expect(view()).toBe('Account'))
    await waitFor(() =>
      expect(screen.getByTestId('account-email').textContent).toBe('new@example.com'),
    )
  })
})
