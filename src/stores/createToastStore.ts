import {
  initialToastState,
  type ToastEvent,
  type ToastState,
  type ToastVariant,
  toastDuration,
  toastReducer,
  toastSwapDelay,
} from '../machines/toast'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** Toasts: read-only zustand store plus actions. */
export interface ToastStore extends ReadonlyStore<ToastState> {
  /** Show a toast; one already visible is hidden first and this one follows 150 ms later. */
  show(variant: ToastVariant, message: string): void
  /** Hide the visible toast and drop a pending one. */
  hide(): void
  /** Clear pending timers (provider unmount). */
  destroy(): void
}

/** Create a toast store (one per `LatchkeyProvider`). */
export function createToastStore(): ToastStore {
  const { store, dispatch } = createMachineStore<ToastState, ToastEvent>({
    reducer: toastReducer,
    initialState: initialToastState(),
  })
  let nextId = 0
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  function clearTimers() {
    clearTimeout(swapTimer)
    clearTimeout(hideTimer)
    swapTimer = undefined
    hideTimer = undefined
  }

  function display(variant: ToastVariant, message: string) {
    nextId += 1
    dispatch({ type: 'show', toast: { id: nextId, variant, message } })
    if (variant === 'loading') return
    hideTimer = setTimeout(() => {
      hideTimer = undefined
      dispatch({ type: 'hide' })
    }, toastDuration)
  }

  return {
    ...store,
    show(variant, message) {
      // a swap already waiting counts as visible: the newest toast replaces it
      const busy = store.getState().visible || swapTimer !== undefined
      clearTimers()
      if (!busy) {
        display(variant, message)
        return
      }
      dispatch({ type: 'hide' })
      swapTimer = setTimeout(() => {
        swapTimer = undefined
        display(variant, message)
      }, toastSwapDelay)
    },
    hide() {
      clearTimers()
      dispatch({ type: 'hide' })
    },
    destroy: clearTimers,
  }
}
