/** Delay between hiding a visible toast and showing the next one (SPEC §9). */
export const toastSwapDelay = 150

/** How long a success or error toast stays visible. */
export const toastDuration = 2500

/** Kind of a toast (SPEC §4 "Toast states"). */
export type ToastVariant = 'loading' | 'success' | 'error'

/** One toast. */
export interface Toast {
  id: number
  variant: ToastVariant
  message: string
}

/** State of the toast reducer. A hidden toast stays in state so it can animate out. */
export interface ToastState {
  toast?: Toast | undefined
  visible: boolean
}

/** Events of the toast reducer. */
export type ToastEvent = { type: 'show'; toast: Toast } | { type: 'hide' }

/** The state a toast store starts in: nothing shown. */
export function initialToastState(): ToastState {
  return { toast: undefined, visible: false }
}

/** Pure toast reducer: `(state, event) => state`. */
export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'show':
      return { toast: event.toast, visible: true }
    case 'hide':
      return state.visible ? { ...state, visible: false } : state
    default: {
      const _: never = event
      return state
    }
  }
}
