import type { FrameTimeoutReason } from '../errors/FrameTimeoutError'
import type { FrameRequestPayload, FrameRequestType } from '../schemas/frameRequests'
import type { FrameSuccessPayload } from '../schemas/frameResponses'
import type { FrameTimeouts } from './defaultFrameTimeouts'
import type { GetFrameSrcParameters } from './getFrameSrc'

/** Parameters of `createFrameClient`: the frame's URL and query (see `getFrameSrc`), then the channel's. */
export type FrameClientParameters = GetFrameSrcParameters & {
  /** Element the iframe is appended to. @default document.body */
  container?: HTMLElement | (() => HTMLElement | null | undefined) | undefined
  /** Overrides of the waits and deadlines. */
  timeouts?: Partial<FrameTimeouts> | undefined
  /** Called when the frame does not load or a request times out (for the SPEC §8 alerts). */
  onTimeout?: ((reason: FrameTimeoutReason) => void) | undefined
}

/** Options of one request. */
export type FrameRequestOptions = {
  /** Aborts the request (RPC: 'Request was aborted'; others: 'Something went wrong'). */
  signal?: AbortSignal | undefined
  /** Overrides the request's deadline, in milliseconds. */
  timeout?: number | undefined
}

/** Arguments of `request` after the type: the payload (optional when the type takes none), then options. */
export type FrameRequestArgs<T extends FrameRequestType> =
  undefined extends FrameRequestPayload<T>
    ? [payload?: FrameRequestPayload<T>, options?: FrameRequestOptions]
    : [payload: FrameRequestPayload<T>, options?: FrameRequestOptions]

/** Counters of the channel, for tests and diagnostics. */
export type FrameClientStats = {
  /** Requests posted to the frame. */
  sent: number
  /** Requests resolved by a success reply. */
  resolved: number
  /** Requests rejected (error reply, invalid reply, timeout, abort, disconnect). */
  rejected: number
  /** Message events seen by the listener. */
  received: number
  /** Messages ignored for a wrong origin, or the right origin but another window. */
  rejectedOrigin: number
  /** Of those, messages from the right origin but another window. */
  rejectedSource: number
  /** Messages from the frame that failed their schema or the size limits. */
  invalid: number
  /** Valid replies whose id matches no request. */
  unmatched: number
  /** Replies to a request that was already answered. */
  duplicate: number
  /** Replies to a request that had timed out, been aborted or disconnected. */
  late: number
  /** Requests that ran out of time. */
  timedOut: number
  /** Exceptions caught inside the message listener (a bug if ever above 0). */
  handlerErrors: number
}

/** Events a frame client emits. */
export type FrameClientEvents = {
  /** The frame is ready (after the post-ready delay). */
  ready: { version: string }
  /** The frame did not load, or a request timed out. */
  timeout: { reason: FrameTimeoutReason; type?: FrameRequestType | undefined }
  /**
   * The frame shows (pending) or took down (not pending) its approval screen for the RPC request
   * `id`: show the iframe for the click while pending. `outcome` comes once the request settled.
   */
  approval: {
    id: string
    method: string
    pending: boolean
    outcome?: 'approved' | 'rejected' | 'failed' | undefined
    /** `open`: the visitor decides in the wallet's popup window; the frame waits for it. */
    popup?: 'open' | undefined
  }
}

/** The host side of the embedded-wallet frame channel. */
export type FrameClient = {
  /** The exact origin messages are posted to and accepted from. */
  readonly allowedOrigin: string
  /** The iframe, once mounted. */
  readonly iframe: HTMLIFrameElement | undefined
  /** Resolves once the frame signalled ready and the post-ready delay passed. */
  readonly ready: Promise<void>
  /** Whether requests go out at once. */
  readonly isReady: boolean
  /** Version the frame announced in its ready signal. */
  readonly frameVersion: string | undefined
  /** Requests not settled yet. */
  readonly pendingCount: number
  /** A snapshot of the channel counters. */
  readonly stats: Readonly<FrameClientStats>
  /** Adds the hidden iframe and starts listening; idempotent, and retries after a load failure. */
  mount(): HTMLIFrameElement
  /** Sends a request and resolves with the frame's success payload. */
  request<T extends FrameRequestType>(
    type: T,
    ...args: FrameRequestArgs<T>
  ): Promise<FrameSuccessPayload<T>>
  /** Aborts every pending RPC request that needs approval ('Request was aborted'); returns how many. */
  abortPending(): number
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof FrameClientEvents>(
    event: E,
    listener: (data: FrameClientEvents[E]) => void,
  ): () => void
  /** Rejects everything pending, removes the listener and the iframe. */
  destroy(): void
}

/** Counters at zero. */
export function createFrameClientStats(): FrameClientStats {
  return {
    sent: 0,
    resolved: 0,
    rejected: 0,
    received: 0,
    rejectedOrigin: 0,
    rejectedSource: 0,
    invalid: 0,
    unmatched: 0,
    duplicate: 0,
    late: 0,
    timedOut: 0,
    handlerErrors: 0,
  }
}
