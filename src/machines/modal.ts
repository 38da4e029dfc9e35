/** How long one shake lasts (SPEC §9). */
export const shakeDuration = 500

/** State of the modal reducer (SPEC §4 "Modal"). */
export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
}

/** Events of the modal reducer. */
export type ModalEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'setLoading'; loading: boolean }
  | { type: 'shakeStart' }
  | { type: 'shakeEnd' }

/** The state a modal starts in: closed, idle, still. */
export function initialModalState(): ModalState {
  return { open: false, loading: false, shake: false }
}

/** Pure modal reducer: `(state, event) => state`. */
export function modalReducer(state: ModalState, event: ModalEvent): ModalState {
  switch (event.type) {
    case 'open':
      return state.open ? state : { ...state, open: true }
    case 'close':
      return !state.open && !state.loading ? state : { ...state, open: false, loading: false }
    case 'setLoading':
      return state.loading === event.loading ? state : { ...state, loading: event.loading }
    case 'shakeStart':
      // not retriggerable: a shake in progress runs to its end
      return state.shake ? state : { ...state, shake: true }
    case 'shakeEnd':
      return state.shake ? { ...state, shake: false } : state
    default: {
      const _: never = event
      return state
    }
  }
}
