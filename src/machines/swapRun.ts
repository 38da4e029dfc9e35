import type { Hash } from 'viem'
import type { SwapProgress } from '../swap/executeSwap'

/** A step of a running swap, as the modal lists it: approve → sign permit → swap → receipt. */
export type SwapStep = 'approve' | 'sign' | 'swap' | 'receipt'

/** Where a swap run is. */
export type SwapRunStatus = 'idle' | 'pending' | 'success' | 'error'

/** State of the swap run machine ({@link swapRunReducer}). */
export interface SwapRunState {
  status: SwapRunStatus
  /** The steps of this run in order (an approval and a signature only when the swap needs them). */
  steps: readonly SwapStep[]
  /** The step under way (pending), or the one that failed (error). */
  step: SwapStep | undefined
  /** The swap transaction once sent; `approvals` lists the approval transactions. */
  hash: Hash | undefined
  approvals: readonly Hash[]
  error: Error | undefined
}

/** Events of the swap run machine. */
export type SwapRunEvent =
  | { type: 'start'; steps: readonly SwapStep[] }
  | { type: 'progress'; progress: SwapProgress }
  | { type: 'success'; hash: Hash }
  | { type: 'failure'; error: Error }
  | { type: 'reset' }

/** A swap run that has not started. */
export function initialSwapRunState(): SwapRunState {
  return {
    status: 'idle',
    steps: [],
    step: undefined,
    hash: undefined,
    approvals: [],
    error: undefined,
  }
}

/** The step a progress report of `executeSwap` belongs to. */
function stepOf(progress: SwapProgress): SwapStep {
  switch (progress.step) {
    case 'approve':
      return 'approve'
    case 'sign':
      return 'sign'
    case 'build':
    case 'simulate':
    case 'send':
      return 'swap'
    case 'confirm':
      return 'receipt'
  }
}

/** Pure reducer of a swap run: `(state, event) => state`. */
export function swapRunReducer(state: SwapRunState, event: SwapRunEvent): SwapRunState {
  switch (event.type) {
    case 'start':
      if (state.status === 'pending') return state
      return {
        ...initialSwapRunState(),
        status: 'pending',
        steps: event.steps,
        step: event.steps[0],
      }
    case 'progress': {
      if (state.status !== 'pending') return state
      const step = stepOf(event.progress)
      // a Permit2 signature is known once the swap is built: it joins the list before the swap
      const steps = state.steps.includes(step)
        ? state.steps
        : state.steps.flatMap((s) => (s === 'swap' ? [step, s] : [s]))
      const { progress } = event
      return {
        ...state,
        steps,
        step,
        approvals:
          progress.step === 'approve' ? [...state.approvals, progress.hash] : state.approvals,
        hash: progress.step === 'confirm' ? progress.hash : state.hash,
      }
    }
    case 'success':
      if (state.status !== 'pending') return state
      return { ...state, status: 'success', step: undefined, hash: event.hash }
    case 'failure':
      if (state.status !== 'pending') return state
      return { ...state, status: 'error', error: event.error }
    case 'reset':
      return state.status === 'pending' ? state : initialSwapRunState()
    default: {
      const _: never = event
      return state
    }
  }
}
