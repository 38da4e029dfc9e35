// Browser entry of the e2e host page (http://dapp.test): a FrameClient and nothing else.
import { createFrameClient } from '../../src/frame/createFrameClient'
import { parseFrameApprovalEvent } from '../../src/schemas/frameApproval'

type Outcome =
  | { ok: true; value: unknown }
  | {
      ok: false
      error: { name: string; message: string; code?: number; details?: Record<string, unknown> }
    }

// The wire fields a typed error may carry (src/errors/serverErrorRegistry.ts).
const detailFields = ['attemptsLeft', 'retryAfter', 'hash', 'nonce', 'mayHaveBeenSent']

const query = new URLSearchParams(location.search)
const client = createFrameClient({
  frameUrl: query.get('frameUrl') ?? '',
  projectId: query.get('projectId') ?? undefined,
  chainId: 1,
  version: '0.1.0',
  enableLogger: true,
  timeouts: { postReadyDelay: 50 },
  approvals: query.get('approvals') === 'popup' ? 'popup' : undefined,
})
const approvals: { type: string; id: string; popup?: string }[] = []
// Every message the frame posts to this page, as the page's own scripts could read it.
const fromFrame: string[] = []
const results = new Map<string, Outcome>()
const settled = new Map<string, number>()

window.addEventListener('message', (event) => {
  if (event.origin !== client.allowedOrigin || event.source !== client.iframe?.contentWindow) return
  fromFrame.push(JSON.stringify(event.data))
})

// What the modal's ApproveTransaction view does: show the frame while an approval is pending.
window.addEventListener('message', (event) => {
  if (event.origin !== client.allowedOrigin || event.source !== client.iframe?.contentWindow) return
  const approval = parseFrameApprovalEvent(event.data)
  if (!approval || !client.iframe) return
  const popup = approval.type === 'APPROVAL_REQUESTED' ? approval.payload.popup : undefined
  approvals.push({ type: approval.type, id: approval.payload.id, ...(popup ? { popup } : {}) })
  const style = client.iframe.style
  const show = approval.type === 'APPROVAL_REQUESTED'
  style.display = show ? 'block' : 'none'
  style.width = '360px'
  style.height = '520px'
  style.left = '40px'
  style.top = '40px'
})

async function run(
  type: string,
  payload?: unknown,
  options?: { timeout?: number },
): Promise<Outcome> {
  try {
    const request = client.request as (
      type: string,
      payload?: unknown,
      options?: { timeout?: number },
    ) => Promise<unknown>
    return { ok: true, value: await request(type, payload, options) }
  } catch (error) {
    const { name, shortMessage, message, code } = error as {
      name: string
      shortMessage?: string
      message: string
      code?: number
    }
    const details = Object.fromEntries(
      detailFields.flatMap((field) => {
        const value = (error as Record<string, unknown>)[field]
        return value === undefined ? [] : [[field, value]]
      }),
    )
    return {
      ok: false,
      error: {
        name,
        message: shortMessage ?? message,
        code,
        ...(Object.keys(details).length > 0 ? { details } : {}),
      },
    }
  }
}

/** Posts a hand-made message to the frame (right origin and window) and collects its replies. */
function raw(message: Record<string, unknown>, waitMs = 1_000): Promise<unknown[]> {
  const replies: unknown[] = []
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== client.allowedOrigin || event.source !== client.iframe?.contentWindow)
      return
    if ((event.data as { id?: unknown })?.id === message.id) replies.push(event.data)
  }
  window.addEventListener('message', onMessage)
  client.iframe?.contentWindow?.postMessage(message, client.allowedOrigin)
  return new Promise((resolve) =>
    setTimeout(() => {
      window.removeEventListener('message', onMessage)
      resolve(replies)
    }, waitMs),
  )
}

const host = {
  raw,
  client,
  approvals,
  /** SESSION_UPDATE messages from the frame (the token event of old: always 0 now). */
  get sessionUpdates() {
    return fromFrame.filter((text) => JSON.parse(text)?.type === 'SESSION_UPDATE').length
  },
  /** Every message the frame posted to the host, as JSON text. */
  messages: () => [...fromFrame],
  request: run,
  /** Starts a request without waiting (the test clicks meanwhile); read it with `result`. */
  start(key: string, type: string, payload?: unknown, options?: { timeout?: number }) {
    void run(type, payload, options).then((outcome) => {
      settled.set(key, performance.timeOrigin + performance.now())
      results.set(key, outcome)
    })
  },
  result: (key: string) => results.get(key),
  /** When a started request settled, in epoch ms (the bench compares it with frame clicks). */
  settledAt: (key: string) => settled.get(key),
}

Object.assign(window, { lkHost: host })
client.mount()
