// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fixtureAddress } from '../../test/harness/frame.fixtures'
import {
  flush,
  frameOrigin,
  setupFrameClient,
  stubFramePages,
  track,
} from '../../test/harness/frameTestHarness'
import type { FrameClientEvents } from './frameClientTypes'

type Approval = FrameClientEvents['approval']

let cleanups: (() => void)[] = []

async function setup() {
  const harness = setupFrameClient()
  cleanups.push(() => harness.client.destroy())
  const approvals: Approval[] = []
  harness.client.on('approval', (approval) => approvals.push(approval))
  await harness.makeReady()
  return { ...harness, approvals }
}

async function sign(harness: Awaited<ReturnType<typeof setup>>) {
  const result = track(
    harness.client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', fixtureAddress],
    }),
  )
  await flush()
  const request = harness.posted.at(-1)
  if (!request) throw new TypeError('Nothing was posted.')
  return { result, request, id: request.id }
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

describe('approval events', () => {
  test('default: requested, settled, then the outcome once the request is answered', async () => {
    const harness = await setup()
    const { result, request, id } = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    expect(harness.approvals).toEqual([{ id, method: 'personal_sign', pending: true }])
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    expect(harness.approvals.at(-1)).toEqual({ id, method: 'personal_sign', pending: false })
    harness.reply(request, { result: '0xsig' })
    await flush()
    expect(result.status).toBe('resolved')
    expect(harness.approvals.at(-1)).toEqual({
      id,
      method: 'personal_sign',
      pending: false,
      outcome: 'approved',
    })
    expect(harness.approvals).toHaveLength(3)
    expect(harness.client.stats.invalid).toBe(0)
  })

  test('behavior: a passkey step shows the frame like an approval (method passkey_login), and its deadline is the approval one', async () => {
    const harness = await setup()
    const result = track(harness.client.request('CONNECT_PASSKEY'))
    await flush()
    const request = harness.posted.at(-1)
    if (!request) throw new TypeError('Nothing was posted.')
    const { id } = request
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    expect(harness.approvals).toEqual([{ id, method: 'passkey_login', pending: true }])
    // The visitor takes longer than the 30 s connect deadline: still waiting.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(result.status).toBe('pending')
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    harness.reply(request, undefined)
    await flush()
    expect(result.status).toBe('resolved')
    expect(harness.approvals.at(-1)).toEqual({
      id,
      method: 'passkey_login',
      pending: false,
      outcome: 'approved',
    })
  })

  test('behavior: popup open is passed on once; settled drops it', async () => {
    const harness = await setup()
    const { id } = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id, popup: 'open' } })
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id, popup: 'open' } })
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id, popup: 'closed' } })
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    expect(harness.approvals).toEqual([
      { id, method: 'personal_sign', pending: true },
      { id, method: 'personal_sign', pending: true, popup: 'open' },
      { id, method: 'personal_sign', pending: false },
    ])
    // Only the schema's one value is accepted.
    expect(harness.client.stats.invalid).toBe(1)
  })

  test('behavior: a 4001 reply is the rejected outcome', async () => {
    const harness = await setup()
    const { request, id } = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    harness.reply(request, { message: 'User rejected the request.', code: 4001 }, 'ERROR')
    await flush()
    expect(harness.approvals.at(-1)?.outcome).toBe('rejected')
  })

  test('behavior: an abort ends a shown approval (failed), even without APPROVAL_SETTLED', async () => {
    const harness = await setup()
    const { result, id } = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    expect(harness.client.abortPending()).toBe(1)
    await flush()
    expect(result.status).toBe('rejected')
    expect(harness.approvals).toEqual([
      { id, method: 'personal_sign', pending: true },
      { id, method: 'personal_sign', pending: false, outcome: 'failed' },
    ])
  })

  test('behavior: an abort or a deadline tells the frame to close the open approval (CANCEL_APPROVAL)', async () => {
    const harness = await setup()
    const aborted = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: aborted.id } })
    harness.client.abortPending()
    await flush()
    expect(harness.posted.at(-1)).toMatchObject({
      type: 'CANCEL_APPROVAL',
      payload: { id: aborted.id },
    })
    // Its answer (cancelled or not) changes nothing for the app.
    const cancel = harness.posted.at(-1)
    if (cancel) harness.reply(cancel, { cancelled: true })
    const timedOut = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: timedOut.id } })
    await vi.advanceTimersByTimeAsync(300_001)
    expect(timedOut.result.status).toBe('rejected')
    expect(harness.posted.at(-1)).toMatchObject({
      type: 'CANCEL_APPROVAL',
      payload: { id: timedOut.id },
    })
  })

  test('behavior: an approval the frame answered, or decided, sends no CANCEL_APPROVAL', async () => {
    const harness = await setup()
    const answered = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: answered.id } })
    harness.reply(answered.request, { message: 'User rejected the request.', code: 4001 }, 'ERROR')
    await flush()
    // Clicked (APPROVAL_SETTLED): the frame is signing; nothing is left to close.
    const decided = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: decided.id } })
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id: decided.id } })
    const before = harness.posted.length
    harness.client.abortPending()
    await flush()
    expect(decided.result.status).toBe('rejected')
    expect(harness.posted.slice(before)).toEqual([])
    expect(harness.posted.some((message) => message.type === 'CANCEL_APPROVAL')).toBe(false)
  })

  test('behavior: A10 a request that timed out or was aborted before its screen showed is cancelled too (it never shows)', async () => {
    const harness = await setup()
    // Queued in the frame behind another approval: no APPROVAL_REQUESTED for it yet.
    const queued = await sign(harness)
    await vi.advanceTimersByTimeAsync(300_000)
    expect(queued.result.error).toMatchObject({ name: 'FrameTimeoutError', timeout: 300_000 })
    expect(harness.posted.at(-1)).toMatchObject({
      type: 'CANCEL_APPROVAL',
      payload: { id: queued.id },
    })
    const aborted = await sign(harness)
    harness.client.abortPending()
    await flush()
    expect(harness.posted.at(-1)).toMatchObject({
      type: 'CANCEL_APPROVAL',
      payload: { id: aborted.id },
    })
    // A request that needs no click has no screen to close.
    const before = harness.posted.length
    const read = track(harness.client.request('RPC_REQUEST', { method: 'eth_blockNumber' }))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(read.status).toBe('rejected')
    expect(harness.posted.slice(before).map((message) => message.type)).toEqual(['RPC_REQUEST'])
    expect(harness.approvals).toEqual([])
  })

  test('behavior: an unknown id, a repeat, or another origin or window changes nothing', async () => {
    const harness = await setup()
    const { id } = await sign(harness)
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id: crypto.randomUUID() } })
    harness.deliver({ type: 'APPROVAL_SETTLED', payload: { id } })
    harness.deliver(
      { type: 'APPROVAL_REQUESTED', payload: { id } },
      { origin: 'https://evil.example.com' },
    )
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } }, { source: window })
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id, extra: 1 } })
    expect(harness.approvals).toEqual([])
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    harness.deliver({ type: 'APPROVAL_REQUESTED', payload: { id } })
    expect(harness.approvals).toHaveLength(1)
    expect(harness.client.stats.rejectedOrigin).toBe(2)
    expect(frameOrigin).toBe(harness.client.allowedOrigin)
  })
})
