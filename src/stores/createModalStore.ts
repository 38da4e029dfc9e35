import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  initialModalState,
  type ModalEvent,
  type ModalState,
  modalReducer,
  shakeDuration,
} from '../machines/modal'

/** The modal's open/loading/shake state: read-only zustand store plus actions. */
export interface ModalStore
  extends Pick<StoreApi<ModalState>, 'getState' | 'getInitialState' | 'subscribe'> {
  open(): void
  /** Close (also clears loading). */
  close(): void
  setLoading(loading: boolean): void
  /** Shake for 500 ms; ignored while a shake is running. */
  shake(): void
  /** Clear pending timers (provider unmount). */
  destroy(): void
}

/** Create a modal store (one per `LatchkeyProvider`). */
export function createModalStore(): ModalStore {
  const store = createStore<ModalState>()(() => initialModalState())
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  function dispatch(event: ModalEvent) {
    const prev = store.getState()
    const next = modalReducer(prev, event)
    if (next !== prev) store.setState(next, true)
  }

  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    open: () => dispatch({ type: 'open' }),
    close: () => dispatch({ type: 'close' }),
    setLoading: (loading) => dispatch({ type: 'setLoading', loading }),
    shake() {
      if (store.getState().shake) return
      dispatch({ type: 'shakeStart' })
      shakeTimer = setTimeout(() => {
        shakeTimer = undefined
        dispatch({ type: 'shakeEnd' })
      }, shakeDuration)
    },
    destroy() {
      clearTimeout(shakeTimer)
      shakeTimer = undefined
    },
  }
}
