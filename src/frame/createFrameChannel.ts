import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError, frameLoadHint } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import {
  type FrameChannelEvent,
  type FrameChannelState,
  frameChannelReducer,
  getFrameLoadWait,
  initialFrameChannelState,
} from '../machines/frameChannel'
import { createMachineStore, type ReadonlyStore } from '../stores/createMachineStore'
import { createDeferred } from './createDeferred'
import type { FrameEvents } from './createFrameEvents'
import type { FrameTimeouts } from './defaultFrameTimeouts'
import type { FrameClientParameters } from './frameClientTypes'
import { probeFrameUrl } from './probeFrameUrl'

/** What the channel tells the pending requests as its status changes. */
export interface FrameChannelHooks {
  /** The frame signalled or is ready: its load wait is over, the requests it can take go out. */
  opened(): void
  /** The page that had been sent requests went away: they can never be answered. */
  pageLost(): void
  /** A new page has to signal again: the queued requests wait for it again. */
  waitAgain(): void
  /** The frame did not load: the queued requests fail with `error`. */
  failed(error: FrameLoadError): void
  /** The client was destroyed: every request fails. */
  closed(): void
}

/** Parameters of {@link createFrameChannel}. */
export interface CreateFrameChannelParameters {
  /** The iframe's `src` (frame URL and query). */
  src: string
  timeouts: FrameTimeouts
  container: FrameClientParameters['container']
  events: FrameEvents
  hooks: FrameChannelHooks
}

/** The channel phase of one frame client: its machine's read-only store plus the iframe. */
export interface FrameChannel extends ReadonlyStore<FrameChannelState> {
  /** The iframe, once mounted (until destroyed). */
  readonly iframe: HTMLIFrameElement | undefined
  /** Resolves once the frame signalled ready and the post-ready delay passed. */
  readonly ready: Promise<void>
  /** Adds the hidden iframe (a fresh one after a load failure); returns the one in the page. */
  mount(): HTMLIFrameElement
  /** The frame's ready signal (READY, checked by the caller) with its version. */
  signal(version: string): void
  /** A request gave up waiting for the ready signal: the console names what to check, once. */
  readyDeadline(): void
  /** Stops every timer, fails everything pending, removes the iframe; for good. */
  destroy(): void
}

/** Creates the hidden, fixed embedded-wallet iframe (not yet in the page). */
function createIframe(src: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.src = src
  iframe.title = 'Latchkey embedded wallet'
  iframe.setAttribute('data-latchkey-frame', '')
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  // Passkeys are made and used inside the frame, on the wallet origin (its own RP ID).
  iframe.allow = `publickey-credentials-get ${new URL(src).origin}; publickey-credentials-create ${new URL(src).origin}`
  // Hidden until the modal shows it for an approval click (ApproveTransaction view).
  iframe.style.position = 'fixed'
  iframe.style.display = 'none'
  iframe.style.border = '0'
  iframe.style.zIndex = '999999'
  return iframe
}

/**
 * Binds the pure frame channel machine (`frameChannelReducer`) to the iframe and runs its
 * effects: the iframe's `load` and `error` events, the probe of the frame URL, the wait for the
 * ready signal once the page loaded (`timeouts.loaded`, or `timeouts.unreachable` when the probe
 * finds nothing answering), the post-ready delay, setting the frame URL again after the page was
 * replaced (plan A9), the ready promise, the console hint and the `ready` and `timeout` events.
 * What the requests must do about a change goes through `hooks`.
 * @example
 * const channel = createFrameChannel({ src, timeouts, container, events, hooks })
 * channel.mount()
 * channel.signal('1.0.0') // on the frame's READY
 */
export function createFrameChannel(parameters: CreateFrameChannelParameters): FrameChannel {
  const { src, timeouts, events, hooks } = parameters
  let iframe: HTMLIFrameElement | undefined
  let ready = createDeferred()
  let stopProbe: (() => void) | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let delayTimer: ReturnType<typeof setTimeout> | undefined

  const { store, dispatch } = createMachineStore<FrameChannelState, FrameChannelEvent>({
    reducer: frameChannelReducer,
    initialState: initialFrameChannelState(),
    onChange: runEffects,
  })
  const onLoad = () => dispatch({ type: 'loaded' })
  const onError = () => dispatch({ type: 'loadError' })

  function syncTimers(state: FrameChannelState, previous: FrameChannelState) {
    if (state.probing && !previous.probing)
      stopProbe = probeFrameUrl(src, () => dispatch({ type: 'unreachable' }))
    else if (!state.probing && previous.probing) {
      stopProbe?.()
      stopProbe = undefined
    }
    const wait = getFrameLoadWait(state)
    // The first load starts the wait; only the probe's news shortens it.
    if (wait !== getFrameLoadWait(previous)) {
      clearTimeout(loadTimer)
      loadTimer = undefined
      if (wait !== undefined)
        loadTimer = setTimeout(
          () => dispatch({ type: 'loadWaitElapsed' }),
          wait === 'unreachable' ? timeouts.unreachable : timeouts.loaded,
        )
    }
    const signal = state.status === 'signalled' ? state.signals : undefined
    if (signal !== (previous.status === 'signalled' ? previous.signals : undefined)) {
      clearTimeout(delayTimer)
      delayTimer = undefined
      if (signal !== undefined)
        delayTimer = setTimeout(
          () => dispatch({ type: 'delayElapsed', signal }),
          timeouts.postReadyDelay,
        )
    }
  }

  function runEffects(state: FrameChannelState, previous: FrameChannelState) {
    syncTimers(state, previous)
    if (state.reloads !== previous.reloads) hooks.pageLost()
    if (state.navigated && !previous.navigated) hooks.waitAgain()
    // Brought back to the frame's own URL in the same iframe (its listeners stay).
    if (state.recovered && !previous.recovered && iframe) iframe.src = src
    // A new handshake (a mount, a replaced page, a signal after a failure) gets a new promise.
    const fresh =
      state.status === 'loading' || (state.status === 'signalled' && previous.status === 'failed')
    if (fresh && ready.settled) ready = createDeferred()
    if (state.signals !== previous.signals) hooks.opened()
    if (state.status !== previous.status) enter(state)
    // The host's developer sees why in the console, not only the visitor's generic alert.
    if (state.hint !== undefined && previous.hint === undefined)
      console.error(frameLoadHint(src, state.hint))
    if (state.status === 'failed' && previous.status !== 'failed')
      events.notifyTimeout('iframe_load_failed')
  }

  function enter(state: FrameChannelState) {
    if (state.status === 'ready') {
      ready.resolve()
      events.emit('ready', { version: state.version ?? '' })
      hooks.opened()
    } else if (state.status === 'failed') {
      const error = new FrameLoadError({ frameUrl: src, reason: state.failure })
      ready.reject(error)
      hooks.failed(error)
    } else if (state.status === 'destroyed') {
      hooks.closed()
      ready.reject(new FrameDisconnectedError())
      if (iframe) detach(iframe)
      iframe = undefined
    }
  }

  function detach(element: HTMLIFrameElement) {
    element.removeEventListener('error', onError)
    element.removeEventListener('load', onLoad)
    element.remove()
  }

  function mount(): HTMLIFrameElement {
    const { status } = store.getState()
    if (status === 'destroyed') throw new FrameDisconnectedError()
    if (iframe && status !== 'failed') return iframe
    if (typeof window === 'undefined' || typeof document === 'undefined')
      throw new FrameNotMountedError({
        details: 'There is no DOM here: mount the frame in a browser.',
      })
    if (iframe) detach(iframe)
    const element = createIframe(src)
    element.addEventListener('error', onError)
    element.addEventListener('load', onLoad)
    const { container } = parameters
    const parent = (typeof container === 'function' ? container() : container) ?? document.body
    iframe = element
    dispatch({ type: 'mounted' })
    parent.appendChild(element)
    return element
  }

  return {
    ...store,
    get iframe() {
      return iframe
    },
    get ready() {
      return ready.promise
    },
    mount,
    signal: (version) => dispatch({ type: 'signalled', version }),
    readyDeadline: () => dispatch({ type: 'readyDeadline' }),
    destroy: () => dispatch({ type: 'destroyed' }),
  }
}
