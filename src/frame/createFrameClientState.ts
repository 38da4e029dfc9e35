import { createDeferred, type Deferred } from './createDeferred'

/** Where a frame client is: mounted and loading, ready signal seen, ready after the delay, failed, destroyed. */
export type FramePhase = 'idle' | 'loading' | 'signalled' | 'ready' | 'failed' | 'destroyed'

/** The mutable state one frame client shares between its parts. */
export type FrameClientState = {
  phase: FramePhase
  iframe: HTMLIFrameElement | undefined
  readyDeferred: Deferred
  frameVersion: string | undefined
}

/** Creates the state of a new, unmounted frame client. */
export function createFrameClientState(): FrameClientState {
  return {
    phase: 'idle',
    iframe: undefined,
    readyDeferred: createDeferred(),
    frameVersion: undefined,
  }
}
