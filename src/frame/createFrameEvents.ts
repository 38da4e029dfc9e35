import type { FrameTimeoutReason } from '../errors/FrameTimeoutError'
import type { FrameRequestType } from '../schemas/frameRequests'
import type { FrameClientEvents, FrameClientParameters } from './frameClientTypes'

type Listener = (data: never) => void

/** The event listeners of one frame client; a listener that throws does not stop the channel. */
export function createFrameEvents(parameters: Pick<FrameClientParameters, 'onTimeout'>) {
  const listeners = new Map<keyof FrameClientEvents, Set<Listener>>()

  function emit<E extends keyof FrameClientEvents>(event: E, data: FrameClientEvents[E]) {
    for (const listener of listeners.get(event) ?? []) {
      try {
        ;(listener as (data: FrameClientEvents[E]) => void)(data)
      } catch {
        // A listener's failure is its own; the channel keeps going.
      }
    }
  }

  return {
    emit,
    /** Tells `onTimeout` and the `timeout` listeners that the frame did not load or a request timed out. */
    notifyTimeout(reason: FrameTimeoutReason, type?: FrameRequestType) {
      try {
        parameters.onTimeout?.(reason)
      } catch {
        // Same as listeners.
      }
      emit('timeout', { reason, type })
    },
    on<E extends keyof FrameClientEvents>(
      event: E,
      listener: (data: FrameClientEvents[E]) => void,
    ): () => void {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as Listener)
      return () => {
        set.delete(listener as Listener)
      }
    },
    clear() {
      listeners.clear()
    },
  }
}

/** The emitter returned by {@link createFrameEvents}. */
export type FrameEvents = ReturnType<typeof createFrameEvents>
