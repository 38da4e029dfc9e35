import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { CanonicalRequest } from '../src/approval/types'
import { openApprovalPopup, popupClosedGraceMs, popupClosedPollMs } from './openApprovalPopup'

const origin = 'https://wallet.example'

/** The popup window as the frame sees it: what it was sent, and whether it is closed. */
function fakePopup() {
  return {
    closed: false,
    sent: [] as { type: string; payload?: { nonce?: string } }[],
    postMessage(message: { type: string }) {
      this.sent.push(message)
    },
    focus() {},
    close() {
      this.closed = true
    },
  }
}

let frameWindow: EventTarget
let popup: ReturnType<typeof fakePopup>

beforeEach(() => {
  vi.useFakeTimers()
  popup = fakePopup()
  frameWindow = Object.assign(new EventTarget(), {
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    open: () => popup,
  })
  vi.stubGlobal('window', frameWindow)
  vi.stubGlobal('location', { origin })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A message from `source` at `from`, as the frame's window receives it. */
function receive(data: unknown, { source = popup as unknown, from = origin } = {}) {
  frameWindow.dispatchEvent(Object.assign(new Event('message'), { data, source, origin: from }))
}

/** Opens the popup, which says it is ready and is shown the request; the nonce it was given. */
function openShown(onDecision: (approved: boolean) => void): string {
  const opened = openApprovalPopup({
    request: { method: 'personal_sign' } as unknown as CanonicalRequest,
    origin: 'https://dapp.example',
    dappName: undefined,
    themeMode: 'dark',
    onDecision,
  })
  expect(opened).toBeDefined()
  receive({ type: 'LK_POPUP_READY' })
  const nonce = popup.sent.find((message) => message.type === 'LK_POPUP_SHOW')?.payload?.nonce
  if (!nonce) throw new Error('the frame did not show the request')
  return nonce
}

describe('openApprovalPopup', () => {
  test('behavior: an approval that arrives after the popup is seen closed is still an approval (the popup posts, then closes)', () => {
    const onDecision = vi.fn()
    const nonce = openShown(onDecision)
    popup.closed = true
    vi.advanceTimersByTime(popupClosedPollMs * 2)
    expect(onDecision).not.toHaveBeenCalled()
    receive({ type: 'LK_POPUP_DECISION', payload: { nonce, approved: true } })
    vi.advanceTimersByTime(popupClosedGraceMs * 2)
    expect(onDecision.mock.calls).toEqual([[true]])
  })

  test('error: a popup closed without a decision is a rejection once the grace has passed, and only one', () => {
    const onDecision = vi.fn()
    openShown(onDecision)
    popup.closed = true
    vi.advanceTimersByTime(popupClosedPollMs + popupClosedGraceMs - 1)
    expect(onDecision).not.toHaveBeenCalled()
    vi.advanceTimersByTime(popupClosedPollMs + 1)
    expect(onDecision.mock.calls).toEqual([[false]])
    vi.advanceTimersByTime(popupClosedGraceMs * 2)
    expect(onDecision.mock.calls).toEqual([[false]])
  })

  test('error: a decision from another window, another origin or with another nonce is ignored', () => {
    const onDecision = vi.fn()
    const nonce = openShown(onDecision)
    const approval = { type: 'LK_POPUP_DECISION', payload: { nonce, approved: true } }
    receive(approval, { source: {} })
    receive(approval, { from: 'https://dapp.example' })
    receive({ type: 'LK_POPUP_DECISION', payload: { nonce: crypto.randomUUID(), approved: true } })
    expect(onDecision).not.toHaveBeenCalled()
    receive(approval)
    expect(onDecision.mock.calls).toEqual([[true]])
  })
})
