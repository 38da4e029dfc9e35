// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { frameUrl, stubFramePages, track } from '../../test/harness/frameTestHarness'
import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError } from '../errors/FrameLoadError'
import { createFrameChannel } from './createFrameChannel'
import { createFrameEvents } from './createFrameEvents'
import { defaultFrameTimeouts } from './defaultFrameTimeouts'

function setup(container?: HTMLElement) {
  const calls: string[] = []
  const events = createFrameEvents({})
  const channel = createFrameChannel({
    src: frameUrl,
    timeouts: defaultFrameTimeouts,
    container,
    events,
    hooks: {
      opened: () => calls.push('opened'),
      pageLost: () => calls.push('pageLost'),
      waitAgain: () => calls.push('waitAgain'),
      failed: (error) => calls.push(`failed: ${error.name} ${error.reason}`),
      closed: () => calls.push('closed'),
    },
  })
  const statuses: string[] = []
  channel.subscribe((state) => statuses.push(state.status))
  return { channel, events, calls, statuses }
}

beforeEach(() => {
  stubFramePages()
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('createFrameChannel', () => {
  test('default: the store follows the machine, and the requests hear of each change', async () => {
    // A detached container: happy-dom loads no page (and runs no timer of its own) for it.
    const container = document.createElement('div')
    const { channel, events, calls, statuses } = setup(container)
    const onReady = vi.fn()
    events.on('ready', onReady)
    const iframe = channel.mount()
    expect(channel.mount()).toBe(iframe)
    expect(container.firstChild).toBe(iframe)
    const ready = track(channel.ready)
    channel.signal('1.0.0')
    expect(channel.getState()).toMatchObject({ status: 'signalled', version: '1.0.0' })
    expect(calls).toEqual(['opened'])
    await vi.advanceTimersByTimeAsync(500)
    expect(ready.status).toBe('resolved')
    expect(onReady).toHaveBeenCalledWith({ version: '1.0.0' })
    expect(calls).toEqual(['opened', 'opened'])
    channel.destroy()
    await Promise.resolve()
    expect(calls.at(-1)).toBe('closed')
    expect(container.childElementCount).toBe(0)
    expect(channel.iframe).toBeUndefined()
    expect(statuses).toEqual(['loading', 'signalled', 'ready', 'destroyed'])
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: A9 a replaced page loses what was sent, is brought back once, then fails typed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const container = document.createElement('div')
    const { channel, calls } = setup(container)
    const iframe = channel.mount()
    channel.signal('1.0.0')
    // The signal's own load, then the load of a page that replaced it.
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(500)
    iframe.dispatchEvent(new Event('load'))
    expect(channel.getState()).toMatchObject({ status: 'loading', navigated: true, reloads: 1 })
    expect(calls).toEqual(['opened', 'opened', 'pageLost', 'waitAgain'])
    const ready = track(channel.ready)
    const src = vi.spyOn(iframe, 'src', 'set')
    await vi.advanceTimersByTimeAsync(4_000)
    expect(src).toHaveBeenCalledWith(frameUrl)
    expect(channel.getState()).toMatchObject({ status: 'loading', recovered: true })
    iframe.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(4_000)
    expect(channel.getState()).toMatchObject({ status: 'failed', failure: 'noReadySignal' })
    expect(calls.at(-1)).toBe('failed: FrameLoadError noReadySignal')
    expect(ready.error).toBeInstanceOf(FrameLoadError)
    expect(error).toHaveBeenCalledTimes(1)
    // A mount after the failure is a fresh iframe and a fresh ready promise.
    const second = channel.mount()
    expect(second).not.toBe(iframe)
    expect([...container.children]).toEqual([second])
    const again = track(channel.ready)
    channel.destroy()
    await Promise.resolve()
    expect(again.error).toBeInstanceOf(FrameDisconnectedError)
    expect(() => channel.mount()).toThrow(FrameDisconnectedError)
  })
})
