// @vitest-environment happy-dom

import { http } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import { connect, getConnection } from 'wagmi/actions'
import { createEmailLoginFlow } from '../../src/embeddedWallet/createEmailLoginFlow'
import { initialEmailLoginState } from '../../src/machines/emailLogin'
import { fixtureAddress, fixtureUser } from '../../test/harness/frame.fixtures'
import { stubFramePages } from '../../test/harness/frameTestHarness'
import {
  createScriptedFrame,
  type FrameScript,
  scriptedFrameUrl,
} from '../../test/harness/scriptedFrame'
import { embeddedWallet, getEmbeddedWalletApi } from '../embeddedWallet'

// The headless flow (src/embedded) driving the real connector over a scripted frame.

function setup(script: FrameScript, clock = { now: 1_700_000_000_000 }) {
  const fake = createScriptedFrame(script)
  const config = createConfig({
    chains: [mainnet, bsc],
    connectors: [
      embeddedWallet({
        frameUrl: scriptedFrameUrl,
        container: fake.container,
        timeouts: { postReadyDelay: 0 },
      }),
    ],
    transports: {
      [mainnet.id]: http('http://127.0.0.1:9/1'),
      [bsc.id]: http('http://127.0.0.1:9/56'),
    },
    storage: createStorage({ storage: localStorage }),
    multiInjectedProviderDiscovery: false,
  })
  const connector = config.connectors[0]
  const api = connector && getEmbeddedWalletApi(connector)
  if (!connector || !api) throw new TypeError('No embedded wallet.')
  const flow = createEmailLoginFlow({
    api,
    connect: async () => {
      await connect(config, { connector })
      return { email: api.user?.email ?? undefined }
    },
    now: () => clock.now,
  })
  const statuses: string[] = []
  flow.subscribe((state) => statuses.push(state.status))
  return { fake, config, flow, statuses, clock }
}

const login: FrameScript = {
  CONNECT_EMAIL: { payload: { action: 'VERIFY_OTP' } },
  GET_USER: { payload: fixtureUser },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
}

beforeEach(() => {
  stubFramePages()
  localStorage.clear()
})

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
  document.body.innerHTML = ''
})

// The flow's steps are promise chains through the scripted frame: under a loaded machine they
// can take longer than vi.waitFor's default second.
const settled = { timeout: 5_000 }

describe('createEmailLoginFlow', () => {
  test('default: email → code (a wrong one first) → connected with the address', async () => {
    const { flow, config, statuses } = setup({
      ...login,
      CONNECT_OTP: [{ error: { message: 'Invalid code' } }, {}],
    })
    flow.submitEmail('ada@example.com')
    await vi.waitFor(() => expect(flow.getState().status).toBe('verifyOtp'), settled)
    flow.submitOtp('000000')
    await vi.waitFor(
      () => expect(flow.getState().error?.shortMessage).toBe('Invalid code'),
      settled,
    )
    expect(flow.getState().status).toBe('verifyOtp')
    flow.submitOtp('123456')
    await vi.waitFor(() => expect(flow.getState().status).toBe('connected'), settled)
    expect(flow.getState()).toMatchObject({ email: 'ada@example.com', lastEmailLoginAt: undefined })
    expect(getConnection(config).address).toBe(fixtureAddress)
    expect(statuses).toEqual([
      'submittingEmail',
      'verifyOtp',
      'submittingOtp',
      'verifyOtp',
      'submittingOtp',
      'connecting',
      'connected',
    ])
  })

  test('behavior: a resend within 30 s shows the cooldown message and sends nothing', async () => {
    const { flow, fake, clock } = setup(login)
    flow.submitEmail('ada@example.com')
    await vi.waitFor(() => expect(flow.getState().status).toBe('verifyOtp'), settled)
    clock.now += 12_300
    flow.submitEmail('ada@example.com')
    expect(flow.getState()).toMatchObject({
      status: 'verifyOtp',
      error: { name: 'EmailLoginCooldownError', seconds: 18 },
    })
    expect(flow.getState().error?.shortMessage).toBe('Please try again after 18 seconds')
    expect(fake.types()).toEqual(['CONNECT_EMAIL'])
  })

  test('behavior: the connector refuses too when the stored time says so (after a reload)', async () => {
    localStorage.setItem('wagmi.latchkey.embedded.lastEmailLoginAt', String(Date.now()))
    const { flow } = setup(login, { now: 0 })
    // This flow's clock knows nothing of the stored time; the connector's check still holds.
    expect(initialEmailLoginState().lastEmailLoginAt).toBeUndefined()
    flow.submitEmail('ada@example.com')
    await vi.waitFor(() => expect(flow.getState().status).toBe('error'), settled)
    expect(flow.getState().error?.shortMessage).toMatch(/^Please try again after \d+ seconds$/)
  })

  test('behavior: email change through both codes', async () => {
    const { flow, fake } = setup({
      UPDATE_EMAIL: { payload: { action: 'VERIFY_PRIMARY_OTP' } },
      UPDATE_EMAIL_PRIMARY_OTP: {},
      UPDATE_EMAIL_SECONDARY_OTP: { payload: { newEmail: 'new@example.com' } },
    })
    flow.submitNewEmail('new@example.com')
    await vi.waitFor(() => expect(flow.getState().status).toBe('verifyPrimaryOtp'), settled)
    flow.submitOtp('111111')
    await vi.waitFor(() => expect(flow.getState().status).toBe('verifySecondaryOtp'), settled)
    flow.submitOtp('222222')
    await vi.waitFor(() => expect(flow.getState().status).toBe('emailUpdated'), settled)
    expect(flow.getState().email).toBe('new@example.com')
    expect(fake.posted.map((post) => post.payload)).toEqual([
      { email: 'new@example.com' },
      { otp: '111111' },
      { otp: '222222' },
    ])
  })
})
