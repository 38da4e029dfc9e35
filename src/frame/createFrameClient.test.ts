// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fixtureAddress, fixtureUser, nest } from '../../test/harness/frame.fixtures'
import {
  flush,
  frameOrigin,
  frameUrl,
  type Posted,
  setupFrameClient,
  stubFramePages,
  track,
} from '../../test/harness/frameTestHarness'
import type { BaseError } from '../errors/base'
import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { FrameTimeoutError } from '../errors/FrameTimeoutError'
import { InvalidFrameUrlError } from '../errors/InvalidFrameUrlError'
import { createFrameClient } from './createFrameClient'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let cleanups: (() => void)[] = []

function setup(...args: Parameters<typeof setupFrameClient>) {
  const harness = setupFrameClient(...args)
  cleanups.push(() => harness.client.destroy())
  return harness
}

/** Lets happy-dom load the iframe's stub page: its own, first load event. */
async function pageLoaded(iframe: HTMLIFrameElement) {
  let loads = 0
  iframe.addEventListener('load', () => loads++)
  await vi.waitFor(() => expect(loads).toBe(1), { interval: 1 })
}

beforeEach(() => {
  stubFramePages()
  vi.useFakeTimers()
})

afterEach(() => {
  for (const cleanup of cleanups) cleanup()
  cleanups = []
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('mount', () => {
  test('default: a hidden fixed iframe with the SPEC §2 query', () => {
    const { iframe, client } = setup({ enableLogger: true, chainId: 56 })
    expect(iframe.parentElement).toBe(document.body)
    expect(iframe.style.position).toBe('fixed')
    expect(iframe.style.display).toBe('none')
    const url = new URL(iframe.src)
    expect(url.origin + url.pathname).toBe(frameUrl)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      chainId: '56',
      version: '0.1.0',
      enableLogger: 'true',
    })
    expect(client.allowedOrigin).toBe(frameOrigin)
    expect(client.mount()).toBe(iframe)
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })

  test('parameters: container', () => {
    const container = document.createElement('div')
    document.body.appendChild(container)
    const { iframe } = setup({ container: () => container })
    expect(iframe.parentElement).toBe(container)
  })

  test('behavior: the allowed origin comes from frameUrl only', () => {
    const client = createFrameClient({
      frameUrl: 'https://wallet.example.com:8443/a/b?x=1#h',
      chainId: 1,
      version: '0.1.0',
    })
    expect(client.allowedOrigin).toBe('https://wallet.example.com:8443')
    expect(client.iframe).toBeUndefined()
  })

  test.each([
    'wallet.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pw@wallet.example.com',
  ])('behavior: invalid frameUrl %s', (url) => {
    expect(() => createFrameClient({ frameUrl: url, chainId: 1, version: '0.1.0' })).toThrow(
      InvalidFrameUrlError,
    )
  })

  test('behavior: request before mount', async () => {
    const client = createFrameClient({ frameUrl, chainId: 1, version: '0.1.0' })
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow(FrameNotMountedError)
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow('Frame is not mounted')
  })
})

describe('ready', () => {
  test('default: READY plus the 500 ms post-ready delay', async () => {
    const { client, deliver } = setup()
    const onReady = vi.fn()
    client.on('ready', onReady)
    const ready = track(client.ready)
    deliver({ type: 'READY', payload: { version: '0.2.0' } })
    await vi.advanceTimersByTimeAsync(499)
    expect(client.isReady).toBe(false)
    expect(ready.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(client.isReady).toBe(true)
    expect(ready.status).toBe('resolved')
    expect(onReady).toHaveBeenCalledWith({ version: '0.2.0' })
    expect(client.frameVersion).toBe('0.2.0')
  })

  test('behavior: requests wait for ready, then go out', async () => {
    const { client, posted, makeReady, reply } = setup()
    const result = track(client.request('GET_CHAIN_ID'))
    expect(posted).toHaveLength(0)
    await makeReady()
    expect(posted).toEqual([{ id: expect.stringMatching(uuid), type: 'GET_CHAIN_ID' }])
    reply(posted[0], { chainId: 1 })
    await flush()
    expect(result).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
  })

  test('behavior: 20 s ready timeout (iframe_load_failed)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onTimeout = vi.fn()
    const { client, iframe } = setup({ onTimeout })
    const result = track(client.request('GET_USER', { chainId: 1 }))
    await vi.advanceTimersByTimeAsync(19_999)
    expect(result.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(result.status).toBe('rejected')
    expect(result.error).toBeInstanceOf(FrameTimeoutError)
    expect(result.error).toMatchObject({
      reason: 'iframe_load_failed',
      shortMessage: 'Unable to load email login dependency',
      frameUrl: iframe.src,
    })
    // A8: the caller's message names the frame URL and the allowed origins to check.
    expect((result.error as BaseError).metaMessages).toEqual([
      `Frame: ${iframe.src}`,
      'The embedded wallet frame did not signal ready within 20000 ms.',
      "Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.",
    ])
    expect(onTimeout).toHaveBeenCalledWith('iframe_load_failed')
    expect(client.pendingCount).toBe(0)
    // the console names the URL and what to check, once
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0]?.[0]).toContain('did not load from https://wallet.example.com/frame')
    expect(error.mock.calls[0]?.[0]).toContain('latchkey serve')
  })

  test('behavior: READY just before the 20 s limit is in time', async () => {
    const { client, posted, deliver, reply } = setup()
    const result = track(client.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(19_800)
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    await vi.advanceTimersByTimeAsync(500)
    expect(result.status).toBe('pending')
    reply(posted[0], { chainId: 1 })
    await flush()
    expect(result.status).toBe('resolved')
  })

  test.each([
    ['SYNC_THEME', { themeMode: 'dark' }],
    ['SYNC_DAPP_DATA', { name: 'Demo', sdkVersion: '0.1.0', sdkType: 'latchkey' }],
    ['SET_PREFERRED_ACCOUNT', { type: 'eoa' }],
  ] as const)('behavior: %s does not wait for ready', async (type, payload) => {
    const { client, posted, deliver } = setup()
    const result = track(client.request(type, payload as never))
    await vi.advanceTimersByTimeAsync(25_000)
    expect(result.status).toBe('pending')
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    // Goes out on the ready signal itself, without the post-ready delay.
    expect(posted).toEqual([{ id: expect.stringMatching(uuid), type, payload }])
  })

  test('behavior: a ready frame gets requests at once', async () => {
    const { client, posted, makeReady } = setup()
    await makeReady()
    void client.request('SYNC_THEME', { themeMode: 'light' }).catch(() => {})
    void client.request('GET_CHAIN_ID').catch(() => {})
    expect(posted.map((message) => message.type)).toEqual(['SYNC_THEME', 'GET_CHAIN_ID'])
  })

  test('behavior: iframe load failure', async () => {
    const onTimeout = vi.fn()
    const { client, iframe } = setup({ onTimeout })
    const ready = track(client.ready)
    const result = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    iframe.dispatchEvent(new Event('error'))
    await flush()
    expect(result.error).toBeInstanceOf(FrameLoadError)
    expect((result.error as BaseError).shortMessage).toBe('Unable to load email login dependency')
    expect(ready.error).toBeInstanceOf(FrameLoadError)
    expect(onTimeout).toHaveBeenCalledWith('iframe_load_failed')
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow(FrameLoadError)
  })

  test('behavior: a page that loads without the ready signal fails in 4 s, with a console hint', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onTimeout = vi.fn()
    const { client, iframe } = setup({ onTimeout })
    const result = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    // Browsers fire load for their error pages and for a 404 page alike.
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(3_999)
    expect(result.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(result.error).toBeInstanceOf(FrameLoadError)
    expect(result.error).toMatchObject({
      shortMessage: 'Unable to load email login dependency',
      reason: 'noReadySignal',
      frameUrl: iframe.src,
    })
    expect(onTimeout).toHaveBeenCalledWith('iframe_load_failed')
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0]?.[0]).toContain(`did not load from ${iframe.src}`)
    expect(error.mock.calls[0]?.[0]).toContain('allowed origins')
  })

  test('behavior: nothing answering at the URL (the probe fails) fails 500 ms after the load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The network refuses the connection (the e2e makes a real one: test/e2e/frameUnreachable).
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const { client, iframe } = setup()
    const result = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(499)
    expect(result.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(2)
    expect(result.error).toMatchObject({ name: 'FrameLoadError', reason: 'unreachable' })
    expect(error.mock.calls[0]?.[0]).toContain('latchkey serve')
    vi.unstubAllGlobals()
  })

  test('behavior: the ready signal after the page loaded, within the wait, is in time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { client, iframe, posted, deliver, reply } = setup()
    const result = track(client.request('GET_CHAIN_ID'))
    await pageLoaded(iframe)
    await vi.advanceTimersByTimeAsync(3_900)
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(result.status).toBe('pending')
    reply(posted[0], { chainId: 1 })
    await flush()
    expect(result.status).toBe('resolved')
    // a reload of the frame later (it reloads itself on request) is not a failure: its new page
    // signals ready again (a load with no signal is a page replaced by another, see A9 below)
    iframe.dispatchEvent(new Event('load'))
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(client.isReady).toBe(true)
    expect(error).not.toHaveBeenCalled()
  })

  test('behavior: mount again after a load failure retries', async () => {
    const { client, iframe } = setup()
    iframe.dispatchEvent(new Event('error'))
    const second = client.mount()
    expect(second).not.toBe(iframe)
    expect(iframe.isConnected).toBe(false)
    const frameWindow = second.contentWindow as Window
    const post = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {})
    const result = track(client.request('GET_CHAIN_ID'))
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'READY', payload: { version: '0.1.0' } },
        origin: frameOrigin,
        source: frameWindow,
      }),
    )
    await vi.advanceTimersByTimeAsync(500)
    expect(await client.ready).toBeUndefined()
    const [message] = post.mock.calls[0] ?? []
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { id: (message as Posted).id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } },
        origin: frameOrigin,
        source: frameWindow,
      }),
    )
    await flush()
    expect(result).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
  })

  test('behavior: a second READY without a load (a new page signalled first) fails what was sent', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const inFlight = Array.from({ length: 5 }, () => track(client.request('GET_CHAIN_ID')))
    await makeReady()
    await flush()
    for (const state of inFlight) {
      expect(state.error).toBeInstanceOf(FrameDisconnectedError)
      expect(state.error).toMatchObject({ reason: 'reloaded' })
    }
    const next = track(client.request('GET_CHAIN_ID'))
    reply(posted[5], { chainId: 1 })
    await flush()
    expect(next.status).toBe('resolved')
  })
})

describe('A9: the frame page is replaced mid-request', () => {
  async function loadedAndReady(harness: ReturnType<typeof setup>) {
    await pageLoaded(harness.iframe)
    await harness.makeReady()
    expect(harness.client.isReady).toBe(true)
  }

  test('default: a load with no new READY fails the 5 in-flight requests at once; the re-handshake serves the next', async () => {
    const harness = setup()
    const { client, iframe, posted, reply, makeReady } = harness
    await loadedAndReady(harness)
    const inFlight = Array.from({ length: 5 }, () => track(client.request('GET_CHAIN_ID')))
    expect(posted).toHaveLength(5)
    // The iframe's page was replaced (reset src, a crash reloaded, a navigation): its load event.
    iframe.dispatchEvent(new Event('load'))
    await flush()
    for (const state of inFlight) {
      expect(state.error).toBeInstanceOf(FrameDisconnectedError)
      expect(state.error).toMatchObject({
        reason: 'reloaded',
        shortMessage: 'The embedded wallet frame reloaded before it answered.',
      })
    }
    expect(client.isReady).toBe(false)
    // Queued meanwhile, sent once the new page signals.
    const next = track(client.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(posted).toHaveLength(5)
    await makeReady()
    expect(client.isReady).toBe(true)
    expect(posted).toHaveLength(6)
    reply(posted[5], { chainId: 1 })
    await flush()
    expect(next).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
    // Replies of the lost page are late, never a second settlement.
    reply(posted[0], { chainId: 5 })
    expect(client.stats.late).toBe(1)
  })

  test('behavior: a READY that comes before its own load is not taken for a new page', async () => {
    const harness = setup()
    const { client, iframe, posted, reply, deliver } = harness
    await loadedAndReady(harness)
    // The frame reloads and its READY wins the race with the iframe's load event.
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    const sentAfter = track(client.request('SYNC_THEME', { themeMode: 'dark' }))
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(500)
    expect(client.isReady).toBe(true)
    reply(posted.at(-1))
    await flush()
    expect(sentAfter.status).toBe('resolved')
  })

  test('behavior: a page that never signals (another site) is replaced by the frame URL once, then fails typed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const harness = setup()
    const { client, iframe, makeReady, posted, reply } = harness
    await loadedAndReady(harness)
    const sent = track(client.request('GET_CHAIN_ID'))
    const src = iframe.src
    const assigned: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(iframe), 'src')
    Object.defineProperty(iframe, 'src', {
      configurable: true,
      get: () => descriptor?.get?.call(iframe),
      set: (value: string) => {
        assigned.push(value)
        descriptor?.set?.call(iframe, value)
      },
    })
    iframe.dispatchEvent(new Event('load'))
    await flush()
    expect(sent.error).toBeInstanceOf(FrameDisconnectedError)
    const queued = track(client.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(3_999)
    expect(assigned).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    // Brought back to the frame's own URL: a fresh handshake.
    expect(assigned).toEqual([src])
    expect(queued.status).toBe('pending')
    iframe.dispatchEvent(new Event('load'))
    await makeReady()
    reply(posted.at(-1), { chainId: 1 })
    await flush()
    expect(queued.status).toBe('resolved')
    // Navigated away again, and this time the frame's own page does not come back.
    iframe.dispatchEvent(new Event('load'))
    const last = track(client.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(4_000)
    expect(assigned).toEqual([src, src])
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(4_000)
    expect(last.error).toBeInstanceOf(FrameLoadError)
    expect(assigned).toHaveLength(2)
    expect(error).toHaveBeenCalledTimes(1)
  })
})

describe('deadlines', () => {
  test.each([
    ['CONNECT_EMAIL', { email: 'ada@example.com' }],
    ['CONNECT_DEVICE', undefined],
    ['CONNECT_OTP', { otp: '123456' }],
    ['CONNECT_SOCIAL', { result: 'a'.repeat(43) }],
    ['GET_SOCIAL_REDIRECT_URI', { provider: 'google' }],
  ] as const)('behavior: %s times out after 30 s', async (type, payload) => {
    const onTimeout = vi.fn()
    const { client, makeReady } = setup({ onTimeout })
    await makeReady()
    const result = track(client.request(type, payload as never))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(result.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(result.error).toBeInstanceOf(FrameTimeoutError)
    expect(result.error).toMatchObject({ reason: 'iframe_request_timeout', type, timeout: 30_000 })
    expect(onTimeout).toHaveBeenCalledWith('iframe_request_timeout')
    expect(client.stats.timedOut).toBe(1)
  })

  test.each([
    ['GET_CHAIN_ID', undefined, 30_000],
    ['RPC_REQUEST', { method: 'eth_blockNumber' }, 30_000],
    ['RPC_REQUEST', { method: 'personal_sign', params: ['0x00', fixtureAddress] }, 300_000],
    ['SIGN_OUT', undefined, 3_000],
  ] as const)('behavior: %s %o deadline', async (type, payload, timeout) => {
    const { client, makeReady } = setup()
    await makeReady()
    const result = track(client.request(type, payload as never))
    await vi.advanceTimersByTimeAsync(timeout - 1)
    expect(result.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(result.error).toMatchObject({ name: 'FrameTimeoutError', timeout })
  })

  test('parameters: timeout and timeouts', async () => {
    const { client, makeReady } = setup({ timeouts: { request: 1_000, postReadyDelay: 0 } })
    await makeReady()
    const fast = track(client.request('GET_CHAIN_ID'))
    const custom = track(client.request('GET_CHAIN_ID', undefined, { timeout: 5_000 }))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fast.status).toBe('rejected')
    expect(custom.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(4_000)
    expect(custom.status).toBe('rejected')
  })
})

describe('replies', () => {
  test('default: success payloads', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const email = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    const user = track(client.request('GET_USER'))
    const rpc = track(client.request('RPC_REQUEST', { method: 'eth_getBalance', params: [] }))
    reply(posted[0], { action: 'VERIFY_DEVICE' })
    reply(posted[1], fixtureUser)
    reply(posted[2], { result: '0x10' })
    await flush()
    expect(email.value).toEqual({ action: 'VERIFY_DEVICE' })
    expect(user.value).toEqual(fixtureUser)
    expect(rpc.value).toEqual({ result: '0x10' })
    expect(client.pendingCount).toBe(0)
    expect(client.stats).toMatchObject({ sent: 3, resolved: 3, rejected: 0 })
  })

  test('behavior: error replies raise their message, or An error occurred', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const rejected = track(client.request('RPC_REQUEST', { method: 'eth_sendTransaction' }))
    const bare = track(client.request('CONNECT_OTP', { otp: '000000' }))
    reply(posted[0], { message: 'User rejected the request.', code: 4001 }, 'ERROR')
    reply(posted[1], undefined, 'ERROR')
    await flush()
    expect(rejected.error).toBeInstanceOf(FrameRequestError)
    expect(rejected.error).toMatchObject({
      shortMessage: 'User rejected the request.',
      code: 4001,
      type: 'RPC_REQUEST',
    })
    expect((bare.error as BaseError).shortMessage).toBe('An error occurred')
  })

  test('behavior: 100 parallel requests answered shuffled', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const results = Array.from({ length: 100 }, (_, index) =>
      client.request('RPC_REQUEST', { method: 'eth_call', params: [{ index }] }),
    )
    expect(new Set(posted.map((message) => message.id)).size).toBe(100)
    const shuffled = [...posted]
    // Deterministic shuffle (no Math.random in src/, nor here).
    for (let index = shuffled.length - 1; index > 0; index--) {
      const other = (index * 7919 + 13) % (index + 1)
      ;[shuffled[index], shuffled[other]] = [shuffled[other] as Posted, shuffled[index] as Posted]
    }
    for (const message of shuffled) {
      const { params } = message.payload as { params: [{ index: number }] }
      reply(message, { result: params[0].index })
    }
    expect(await Promise.all(results)).toEqual(
      Array.from({ length: 100 }, (_, index) => ({ result: index })),
    )
  })

  test('behavior: duplicate and late replies are ignored and counted', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const first = track(client.request('GET_CHAIN_ID'))
    reply(posted[0], { chainId: 1 })
    reply(posted[0], { chainId: 56 })
    reply(posted[0], { message: 'late error' }, 'ERROR')
    await flush()
    expect(first).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
    expect(client.stats.duplicate).toBe(2)

    const slow = track(client.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(slow.error).toBeInstanceOf(FrameTimeoutError)
    reply(posted[1], { chainId: 1 })
    await flush()
    expect(slow.error).toBeInstanceOf(FrameTimeoutError)
    expect(client.stats.late).toBe(1)

    reply({ id: crypto.randomUUID(), type: 'GET_CHAIN_ID' }, { chainId: 1 })
    expect(client.stats.unmatched).toBe(1)
  })

  test('behavior: a malformed reply with a pending id rejects it with FrameProtocolError', async () => {
    const { client, posted, makeReady, reply, deliver } = setup()
    await makeReady()
    const wrongPayload = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    const wrongType = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    const extraKey = track(client.request('IS_CONNECTED'))
    const huge = track(client.request('GET_USER'))
    reply(posted[0], { action: 'LOGIN' })
    deliver({ id: posted[1]?.id, type: 'GET_USER_SUCCESS', payload: fixtureUser })
    deliver({
      id: posted[2]?.id,
      type: 'IS_CONNECTED_SUCCESS',
      payload: { isConnected: true },
      x: 1,
    })
    deliver({
      id: posted[3]?.id,
      type: 'GET_USER_SUCCESS',
      payload: { ...fixtureUser, userName: 'x'.repeat(1_000_000) },
    })
    await flush()
    for (const state of [wrongPayload, wrongType, extraKey, huge]) {
      expect(state.status).toBe('rejected')
      expect(state.error).toBeInstanceOf(FrameProtocolError)
      expect(state.error).toMatchObject({ direction: 'incoming' })
    }
    expect(client.stats.invalid).toBe(3)
  })

  test('behavior: A5 a type that only contains the expected one, or a payload nested 1,000 deep, is refused', async () => {
    const { client, posted, makeReady, deliver } = setup()
    await makeReady()
    const states = Array.from({ length: 4 }, () => track(client.request('GET_CHAIN_ID')))
    // AppKit's `includes()` check accepts these; an exact type does not.
    deliver({ id: posted[0]?.id, type: 'XGET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } })
    deliver({ id: posted[1]?.id, type: 'GET_CHAIN_ID_SUCCESS_X', payload: { chainId: 1 } })
    deliver({ id: posted[2]?.id, type: 'get_chain_id_success', payload: { chainId: 1 } })
    deliver({ id: posted[3]?.id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: nest(1_000) } })
    await flush()
    for (const state of states) {
      expect(state.status).toBe('rejected')
      expect(state.error).toBeInstanceOf(FrameProtocolError)
    }
    expect(client.stats.handlerErrors).toBe(0)
    expect(client.pendingCount).toBe(0)
  })

  test('behavior: malformed messages without a pending id are dropped', async () => {
    const { client, makeReady, deliver } = setup()
    await makeReady()
    const pending = track(client.request('GET_CHAIN_ID'))
    for (const data of [
      null,
      'GET_CHAIN_ID_SUCCESS',
      { type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } },
      { type: 'SOMETHING_SUCCESS', id: crypto.randomUUID() },
      [1, 2, 3],
    ])
      deliver(data)
    await flush()
    expect(pending.status).toBe('pending')
    expect(client.pendingCount).toBe(1)
  })

  test('behavior: SESSION_UPDATE is not a frame message: counted invalid, no event', async () => {
    const { client, deliver, makeReady } = setup()
    await makeReady()
    const events = vi.fn()
    for (const name of ['ready', 'timeout', 'approval'] as const) client.on(name, events)
    const before = client.stats.invalid
    deliver({ type: 'SESSION_UPDATE', payload: { token: 'abc' } })
    expect(client.stats.invalid).toBe(before + 1)
    expect(events).not.toHaveBeenCalled()
  })

  test('behavior: a throwing listener does not break the channel', async () => {
    const { client, posted, makeReady, reply } = setup()
    client.on('ready', () => {
      throw new TypeError('listener bug')
    })
    await makeReady()
    const result = track(client.request('GET_CHAIN_ID'))
    reply(posted[0], { chainId: 1 })
    await flush()
    expect(result.status).toBe('resolved')
  })
})

describe('channel security', () => {
  test('behavior: every postMessage names the exact frame origin, never *', async () => {
    const { client, postMessage, makeReady } = setup()
    const windowPost = vi.spyOn(window, 'postMessage')
    void client.request('SYNC_THEME', { themeMode: 'dark' }).catch(() => {})
    await makeReady()
    for (const type of ['GET_CHAIN_ID', 'SIGN_OUT', 'RELOAD', 'GET_FARCASTER_URI'] as const)
      void client.request(type).catch(() => {})
    void client.request('CONNECT_EMAIL', { email: 'ada@example.com' }).catch(() => {})
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    expect(postMessage).toHaveBeenCalledTimes(7)
    for (const call of postMessage.mock.calls) expect(call[1]).toBe(frameOrigin)
    expect(postMessage.mock.calls.filter((call) => (call[1] as unknown) === '*')).toHaveLength(0)
    expect(windowPost).not.toHaveBeenCalled()
  })

  test('behavior: a foreign origin is ignored, even with a valid reply and the right id', async () => {
    const { client, posted, makeReady, deliver, frameWindow } = setup()
    await makeReady()
    const events = vi.fn()
    client.on('ready', events)
    const pending = track(client.request('GET_USER'))
    const reply = { id: posted[0]?.id, type: 'GET_USER_SUCCESS', payload: fixtureUser }
    const before = client.stats
    for (const origin of [
      'https://evil.example',
      'http://wallet.example.com',
      'https://wallet.example.com.evil.example',
      'https://wallet.example.com:444',
      'null',
      '',
    ]) {
      deliver(reply, { origin, source: frameWindow })
      deliver(
        { id: crypto.randomUUID(), type: 'GET_USER_SUCCESS', payload: fixtureUser },
        { origin },
      )
      deliver({ type: 'SESSION_UPDATE', payload: { token: 'stolen' } }, { origin })
      deliver({ type: 'READY', payload: { version: '9' } }, { origin })
    }
    await vi.advanceTimersByTimeAsync(1_000)
    expect(pending.status).toBe('pending')
    expect(client.pendingCount).toBe(1)
    expect(events).not.toHaveBeenCalled()
    expect(client.frameVersion).toBe('0.1.0')
    expect(client.stats.rejectedOrigin - before.rejectedOrigin).toBe(24)
    expect({ ...client.stats, received: 0, rejectedOrigin: 0 }).toEqual({
      ...before,
      received: 0,
      rejectedOrigin: 0,
    })
  })

  test('behavior: the right origin from another window is ignored', async () => {
    const { client, posted, makeReady, deliver } = setup()
    await makeReady()
    const other = document.createElement('iframe')
    other.src = `${frameUrl}?second=1`
    document.body.appendChild(other)
    const pending = track(client.request('GET_USER'))
    const reply = { id: posted[0]?.id, type: 'GET_USER_SUCCESS', payload: fixtureUser }
    for (const source of [other.contentWindow, window, null])
      deliver(reply, { origin: frameOrigin, source })
    await flush()
    expect(pending.status).toBe('pending')
    expect(client.stats.rejectedSource).toBe(3)
    expect(client.stats.rejectedOrigin).toBe(3)
  })
})

describe('abort', () => {
  test('default: abortPending aborts only RPC requests that need approval', async () => {
    const { client, makeReady } = setup()
    await makeReady()
    const sign = track(client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }))
    const send = track(client.request('RPC_REQUEST', { method: 'eth_sendTransaction' }))
    const read = track(client.request('RPC_REQUEST', { method: 'eth_getBalance' }))
    const user = track(client.request('GET_USER'))
    expect(client.abortPending()).toBe(2)
    await flush()
    for (const state of [sign, send]) {
      expect(state.error).toBeInstanceOf(FrameRequestAbortedError)
      expect((state.error as BaseError).shortMessage).toBe('Request was aborted')
    }
    expect(read.status).toBe('pending')
    expect(user.status).toBe('pending')
  })

  test('parameters: signal', async () => {
    const { client, posted, makeReady, reply } = setup()
    await makeReady()
    const controller = new AbortController()
    const { signal } = controller
    const rpc = track(client.request('RPC_REQUEST', { method: 'eth_call' }, { signal }))
    const email = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }, { signal }))
    const farcaster = track(client.request('GET_FARCASTER_URI', undefined, { signal }))
    controller.abort()
    await flush()
    expect((rpc.error as BaseError).shortMessage).toBe('Request was aborted')
    expect((email.error as BaseError).shortMessage).toBe('Something went wrong')
    expect(farcaster.status).toBe('pending')
    reply(posted[2], { uri: 'https://farcaster.example/c' })
    await flush()
    expect(farcaster.status).toBe('resolved')
    await expect(
      client.request('GET_CHAIN_ID', undefined, { signal: AbortSignal.abort() }),
    ).rejects.toThrow('Something went wrong')
  })
})

describe('outgoing checks', () => {
  test('behavior: invalid payloads never leave the page', async () => {
    const { client, posted, makeReady } = setup()
    await makeReady()
    await expect(client.request('CONNECT_EMAIL', { email: 'nope' })).rejects.toThrow(
      FrameProtocolError,
    )
    await expect(client.request('CONNECT_OTP', { otp: '12345' })).rejects.toMatchObject({
      direction: 'outgoing',
      type: 'CONNECT_OTP',
    })
    await expect(
      client.request('RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [{ calls: [{ to: 'deadbeef' }] }],
      }),
    ).rejects.toThrow(FrameProtocolError)
    await expect(client.request('NOT_A_TYPE' as 'RELOAD')).rejects.toThrow(FrameProtocolError)
    expect(posted).toHaveLength(0)
  })

  test('behavior: disallowed RPC methods', async () => {
    const { client, posted, makeReady } = setup()
    await makeReady()
    for (const method of ['eth_sign', 'eth_sendUserOperation', 'personal_sign2'])
      await expect(client.request('RPC_REQUEST', { method } as never)).rejects.toThrow(
        FrameRpcNotAllowedError,
      )
    await expect(
      client.request('RPC_REQUEST', { method: 'eth_sign' } as never),
    ).rejects.toMatchObject({ shortMessage: 'Requested RPC call is not allowed' })
    expect(posted).toHaveLength(0)
  })

  test('behavior: ids are random UUIDs drawn from WebCrypto, one per request', async () => {
    // Any v4-shaped generator would pass a format check; the ids must be exactly what the
    // platform's CSPRNG handed out (Math.random is refused by the hygiene scan).
    const drawn: string[] = []
    const randomUUID = crypto.randomUUID.bind(crypto)
    const spy = vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      const id = randomUUID()
      drawn.push(id)
      return id
    })
    try {
      const { client, posted, makeReady } = setup()
      await makeReady()
      const before = posted.length
      for (let index = 0; index < 200; index++) void client.request('GET_CHAIN_ID').catch(() => {})
      const ids = posted.slice(before).map((message) => message.id)
      expect(ids).toHaveLength(200)
      expect(ids.every((id) => uuid.test(id))).toBe(true)
      expect(new Set(ids).size).toBe(200)
      expect(ids.every((id) => drawn.includes(id))).toBe(true)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('destroy', () => {
  test('default: rejects everything pending and removes the iframe', async () => {
    const { client, iframe, makeReady } = setup({ timeouts: { postReadyDelay: 0 } })
    const queued = track(client.request('GET_USER'))
    const ready = track(client.ready)
    client.destroy()
    await flush()
    expect(queued.error).toBeInstanceOf(FrameDisconnectedError)
    expect(ready.error).toBeInstanceOf(FrameDisconnectedError)
    expect(iframe.isConnected).toBe(false)
    expect(client.iframe).toBeUndefined()
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow(FrameDisconnectedError)
    expect(() => client.mount()).toThrow(FrameDisconnectedError)
    await makeReady()
    expect(client.isReady).toBe(false)
    client.destroy()
  })

  test('behavior: in-flight requests reject, timers stop', async () => {
    const onTimeout = vi.fn()
    const { client, makeReady } = setup({ onTimeout })
    await makeReady()
    const timers = vi.getTimerCount()
    const sent = track(client.request('CONNECT_EMAIL', { email: 'ada@example.com' }))
    expect(vi.getTimerCount()).toBe(timers + 1)
    client.destroy()
    await flush()
    expect(sent.error).toBeInstanceOf(FrameDisconnectedError)
    expect(vi.getTimerCount()).toBeLessThanOrEqual(timers)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(onTimeout).not.toHaveBeenCalled()
  })

  // 4–5 s alone on this machine: the default 5 s limit failed it under load.
  test('behavior: no listener leak over 1,000 create/mount/destroy cycles', {
    timeout: 30_000,
  }, async () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const count = () =>
      added.mock.calls.filter(([type]) => type === 'message').length -
      removed.mock.calls.filter(([type]) => type === 'message').length
    const baseline = count()
    // A detached container: the iframes are real elements, but happy-dom loads no page for them.
    const container = document.createElement('div')
    for (let index = 0; index < 1_000; index++) {
      const client = createFrameClient({ frameUrl, chainId: 1, version: '0.1.0', container })
      client.mount()
      void client.request('GET_CHAIN_ID').catch(() => {})
      client.destroy()
    }
    expect(count()).toBe(baseline)
    expect(container.childElementCount).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })
})
