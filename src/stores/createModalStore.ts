import {
  initialModalState,
  type ModalEvent,
  type ModalState,
  modalReducer,
  shakeDuration,
} from '../machines/modal'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** The modal's open/loading/shake state: read-only zustand store plus actions. */
export interface ModalStore extends ReadonlyStore<ModalState> {
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
  const { store, dispatch } = createMachineStore<ModalState, ModalEvent>({
    reducer: modalReducer,
    initialState: initialModalState(),
  })
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  return {
    ...store,
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
