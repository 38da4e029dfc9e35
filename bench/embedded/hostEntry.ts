// Browser entry of the bench host page (http://dapp.test): FrameClients with the default
// timeouts (500 ms post-ready delay) and timestamps taken in this page.
import { createFrameClient } from '../../src/frame/createFrameClient'
import type { FrameClient } from '../../src/frame/frameClientTypes'
import { parseFrameApprovalEvent } from '../../src/schemas/frameApproval'
import { version } from '../../src/version'

const query = new URLSearchParams(location.search)
const parameters = {
  frameUrl: query.get('frameUrl') ?? '',
  projectId: query.get('projectId') ?? undefined,
  chainId: 1,
  version,
}

/** Epoch milliseconds, comparable with the frame's own (another origin, another process). */
const epoch = () => performance.timeOrigin + performance.now()

/** What the modal's ApproveTransaction view does: show the frame while an approval is pending. */
function watchApprovals(client: FrameClient, onRequested: () => void) {
  window.addEventListener('message', (event) => {
    if (event.origin !== client.allowedOrigin || event.source !== client.iframe?.contentWindow)
      return
    const approval = parseFrameApprovalEvent(event.data)
    if (!approval || !client.iframe) return
    const show = approval.type === 'APPROVAL_REQUESTED'
    if (show) onRequested()
    Object.assign(client.iframe.style, {
      display: show ? 'block' : 'none',
      width: '360px',
      height: '520px',
      left: '40px',
      top: '40px',
    })
  })
}

/** One fresh frame: mount() → raw READY message, and mount() → `ready` (after the delay). */
async function measureReady(): Promise<{ readyMessageMs: number; readyMs: number }> {
  const client = createFrameClient(parameters)
  let readyMessageAt = Number.NaN
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== client.allowedOrigin || event.source !== client.iframe?.contentWindow)
      return
    if ((event.data as { type?: unknown } | null)?.type === 'READY' && Number.isNaN(readyMessageAt))
      readyMessageAt = performance.now()
  }
  window.addEventListener('message', onMessage)
  const start = performance.now()
  try {
    client.mount()
    await client.ready
    return { readyMessageMs: readyMessageAt - start, readyMs: performance.now() - start }
  } finally {
    window.removeEventListener('message', onMessage)
    client.destroy()
  }
}

let main: FrameClient | undefined
let sign: { startAt: number; approvalAt?: number; doneAt?: number; outcome?: unknown } | undefined

/** The frame the login and signing timings use (mounted once, kept). */
async function openMain(): Promise<void> {
  if (main) return
  main = createFrameClient(parameters)
  watchApprovals(main, () => {
    if (sign && sign.approvalAt === undefined) sign.approvalAt = epoch()
  })
  main.mount()
  await main.ready
}

function client(): FrameClient {
  if (!main) throw new Error('openMain() first')
  return main
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: performance.now() - start, value }
}

const bench = {
  measureReady,
  openMain,
  connectEmail: (email: string) => timed(() => client().request('CONNECT_EMAIL', { email })),
  /** Connect OTP → success: the session (bound to the frame's device key) is made. */
  async connectOtp(otp: string) {
    const { ms } = await timed(() => client().request('CONNECT_OTP', { otp }))
    return { ms }
  },
  getUser: () => client().request('GET_USER', { chainId: 1 }),
  /** Starts personal_sign; the bench clicks Approve in the frame, then reads `signState()`. */
  startSign(message: string, address: string) {
    const state: NonNullable<typeof sign> = { startAt: epoch() }
    sign = state
    client()
      .request('RPC_REQUEST', { method: 'personal_sign', params: [message, address] })
      .then(
        (value) => {
          state.outcome = { ok: true, value }
        },
        (error: Error) => {
          state.outcome = { ok: false, error: error.message }
        },
      )
      .finally(() => {
        state.doneAt = epoch()
      })
  },
  approvalShown: () => sign?.approvalAt !== undefined,
  signState: () => (sign?.doneAt === undefined ? undefined : sign),
}

Object.assign(window, { lkBench: bench })
