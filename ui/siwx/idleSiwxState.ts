import { initialSiwxState } from '../../src/machines/siwxInitialState'
import type { ReadonlyStore } from '../../src/stores/createMachineStore'
import type { SiwxStoreState } from '../../src/stores/createSiwxStore'

/** What sign-in reads as before its chunk loaded (or with no `siwx` option): nothing to sign. */
export const idleSiwxState: SiwxStoreState = { ...initialSiwxState(), message: undefined }

/** A store that never changes, read by the hooks until the sign-in chunk is there. */
export const idleSiwxStore: ReadonlyStore<SiwxStoreState> = {
  getState: () => idleSiwxState,
  getInitialState: () => idleSiwxState,
  subscribe: () => () => {},
}
