import { vi } from 'vitest'
import { createFrameClient } from '../../src/frame/createFrameClient'
import type { FrameClientParameters } from '../../src/frame/frameClientTypes'

// Test harness only (imported by *.test.ts in happy-dom): the iframe is real, its page is a
// stub served by happy-dom's fetch interceptor (no network), and frame→app delivery is
// simulated with MessageEvents carrying a chosen origin and source.

/** The frame URL and its origin used by the tests. */
export const frameUrl = 'https://wallet.example.com/frame'
/** Origin of {@link frameUrl}. */
export const frameOrigin = 'https://wallet.example.com'

type HappyWindow = {
  happyDOM: {
    settings: {
      enableIframePageLoading: boolean
      fetch: { interceptor: unknown }
    }
  }
}

/** Lets the iframe load a stub page instead of fetching the network. */
export function stubFramePages({ socialProviders }: { socialProviders?: string[] } = {}) {
  const { settings } = (window as unknown as HappyWindow).happyDOM
  settings.enableIframePageLoading = true
  settings.fetch.interceptor = {
    beforeAsyncRequest: async ({
      request,
      window: win,
    }: {
      request: { url: string }
      window: typeof globalThis
    }) =>
      // The Connect view reads the server's social providers over HTTP (public data, no frame).
      socialProviders && new URL(request.url).pathname === '/v1/social/providers'
        ? new win.Response(JSON.stringify({ providers: socialProviders }), {
            headers: { 'content-type': 'application/json' },
          })
        : new win.Response('<html><body>frame</body></html>', {
            headers: { 'content-type': 'text/html' },
          }),
  }
}

/** A message the host posted. */
export type Posted = { id: string; type: string; payload?: unknown }

/** Creates and mounts a client, with a spy on the frame window's postMessage. */
export function setupFrameClient(overrides: Partial<FrameClientParameters> = {}) {
  const client = createFrameClient({
    frameUrl,
    projectId: 'demo',
    chainId: 1,
    version: '0.1.0',
    ...overrides,
  })
  const iframe = client.mount()
  const frameWindow = iframe.contentWindow as Window
  const posted: Posted[] = []
  const postMessage = vi
    .spyOn(frameWindow, 'postMessage')
    .mockImplementation((message: unknown) => {
      posted.push(message as Posted)
    })

  function deliver(
    data: unknown,
    { origin = frameOrigin, source = frameWindow }: { origin?: string; source?: unknown } = {},
  ) {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: source as MessageEventSource | null }),
    )
  }

  function reply(request: Posted | undefined, payload?: unknown, outcome = 'SUCCESS') {
    if (!request) throw new TypeError('No request to reply to.')
    const data: Record<string, unknown> = { id: request.id, type: `${request.type}_${outcome}` }
    if (payload !== undefined) data.payload = payload
    deliver(data)
  }

  async function makeReady() {
    deliver({ type: 'READY', payload: { version: '0.1.0' } })
    await vi.advanceTimersByTimeAsync(500)
  }

  return { client, iframe, frameWindow, posted, postMessage, deliver, reply, makeReady }
}

/** Tracks a promise's state without awaiting it. */
export function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = {
    status: 'pending',
  }
  promise.then(
    (value) => {
      state.status = 'resolved'
      state.value = value
    },
    (error: unknown) => {
      state.status = 'rejected'
      state.error = error
    },
  )
  return state
}

/** Lets pending promise callbacks run. */
export async function flush() {
  for (let index = 0; index < 10; index++) await Promise.resolve()
}
