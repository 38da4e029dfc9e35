import { initialSiwxState } from '../../src/machines/siwxInitialState'
import type { SiwxStoreState } from '../../src/stores/createSiwxStore'
import type { ReadableStore } from '../context/useStoreState'

/** What sign-in reads as before its chunk loaded (or with no `siwx` option): nothing to sign. */
export const idleSiwxState: SiwxStoreState = { ...initialSiwxState(), message: undefined }

/** A store that never changes, read by the hooks until the sign-in chunk is there. */
export const idleSiwxStore: ReadableStore<SiwxStoreState> = {
  getState: () => idleSiwxState,
  getInitialState: () => idleSiwxState,
  subscribe: () => () => {},
}
