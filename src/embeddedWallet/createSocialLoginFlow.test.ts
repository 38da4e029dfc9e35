// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { SocialLoginCancelledError } from '../errors/SocialLoginCancelledError'
import { SocialResultInvalidError } from '../errors/SocialResultInvalidError'
import type { SocialLoginState } from '../machines/socialLogin'
import { createSocialLoginFlow, type SocialLoginFlowApi } from './createSocialLoginFlow'

// The flow against a stand-in popup window (happy-dom has no real second window) and a stand-in
// frame API: what is tested is the flow's own rule of which messages count and what it does with
// them. The real popup, frame and providers are in test/e2e/socialLogin.test.ts.

const walletOrigin = 'https://wallet.example'
const authorizeUrl = `https://accounts.example/authorize?${new URLSearchParams({
  redirect_uri: `${walletOrigin}/v1/social/callback`,
  state: 's',
})}`
const handle = 'A'.repeat(43)

function fakePopup() {
  const navigatedTo: string[] = []
  const popup = {
    closed: false,
    navigatedTo,
    location: { replace: (url: string) => void navigatedTo.push(url) },
    close() {
      popup.closed = true
    },
  }
  return popup
}

function setup(overrides: Partial<SocialLoginFlowApi> = {}, popupOpens = true) {
  const popup = fakePopup()
  const api = {
    getSocialProviders: vi.fn(async () => ['google' as const]),
    startSocial: vi.fn(async () => ({ uri: authorizeUrl, expiresAt: Date.now() + 60_000 })),
    connectSocial: vi.fn(async () => ({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 1,
      userName: 'alice',
    })),
    ...overrides,
  }
  const connect = vi.fn(async () => undefined)
  const flow = createSocialLoginFlow({
    api,
    connect,
    openPopup: () => (popupOpens ? (popup as unknown as Window) : null),
  })
  const seen: SocialLoginState['status'][] = []
  flow.subscribe((state) => seen.push(state.status))
  return { flow, api, connect, popup, seen }
}

function post(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true))

afterEach(() => {
  vi.useRealTimers()
})

describe('createSocialLoginFlow', () => {
  test('default: the popup goes to the provider; the callback page’s handle is redeemed; connect runs', async () => {
    const { flow, api, connect, popup } = setup()
    flow.start('google')
    await until(() => flow.getState().status === 'authorizing')
    expect(popup.navigatedTo).toEqual([authorizeUrl])
    post({ type: 'latchkey:social-result', result: handle }, walletOrigin, popup)
    await until(() => flow.getState().status === 'connected')
    expect(api.connectSocial).toHaveBeenCalledWith({ result: handle })
    expect(connect).toHaveBeenCalledTimes(1)
    expect(flow.getState().userName).toBe('alice')
  })

  test('behavior: messages from another window, another origin or of another shape are ignored', async () => {
    const { flow, api, popup } = setup()
    flow.start('google')
    await until(() => flow.getState().status === 'authorizing')
    const result = { type: 'latchkey:social-result', result: handle }
    post(result, 'https://evil.example', popup) // the popup's window, another origin
    post(result, walletOrigin, window) // the right origin, another window
    post(result, walletOrigin, null)
    post({ type: 'latchkey:social-result', result: 'short' }, walletOrigin, popup)
    post({ type: 'other', result: handle }, walletOrigin, popup)
    post(JSON.stringify(result), walletOrigin, popup)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(flow.getState().status).toBe('authorizing')
    expect(api.connectSocial).not.toHaveBeenCalled()
  })

  test('behavior: a popup the browser refuses: blocked, nothing is started; retry opens it', async () => {
    const { flow, api } = setup({}, false)
    flow.start('google')
    expect(flow.getState()).toMatchObject({ status: 'blocked', provider: 'google' })
    expect(api.startSocial).not.toHaveBeenCalled()
  })

  test('behavior: a decline is cancelled, another refusal an error with its class', async () => {
    const cancelled = setup({
      connectSocial: vi.fn(async () => {
        throw new SocialLoginCancelledError()
      }),
    })
    cancelled.flow.start('google')
    await until(() => cancelled.flow.getState().status === 'authorizing')
    post({ type: 'latchkey:social-result', result: handle }, walletOrigin, cancelled.popup)
    await until(() => cancelled.flow.getState().status === 'cancelled')

    const refused = setup({
      connectSocial: vi.fn(async () => {
        throw new SocialResultInvalidError({ reason: 'used' })
      }),
    })
    refused.flow.start('google')
    await until(() => refused.flow.getState().status === 'authorizing')
    post({ type: 'latchkey:social-result', result: handle }, walletOrigin, refused.popup)
    await until(() => refused.flow.getState().status === 'error')
    expect(refused.flow.getState().error?.name).toBe('SocialResultInvalidError')
  })

  test('behavior: a popup that reads closed offers a retry and the login still completes', async () => {
    const { flow, popup } = setup()
    flow.start('google')
    await until(() => flow.getState().status === 'authorizing')
    popup.closed = true
    await until(() => flow.getState().popupClosed)
    post({ type: 'latchkey:social-result', result: handle }, walletOrigin, popup)
    await until(() => flow.getState().status === 'connected')
  })

  test('behavior: reset closes the popup and drops the late result', async () => {
    const { flow, api, popup } = setup()
    flow.start('google')
    await until(() => flow.getState().status === 'authorizing')
    flow.reset()
    expect(popup.closed).toBe(true)
    post({ type: 'latchkey:social-result', result: handle }, walletOrigin, popup)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(flow.getState().status).toBe('idle')
    expect(api.connectSocial).not.toHaveBeenCalled()
  })

  test('behavior: no result before the login expires: SocialLoginExpiredError', async () => {
    const { flow } = setup({
      startSocial: vi.fn(async () => ({ uri: authorizeUrl, expiresAt: Date.now() + 50 })),
    })
    flow.start('google')
    await until(() => flow.getState().status === 'error')
    expect(flow.getState().error?.name).toBe('SocialLoginExpiredError')
  })
})
