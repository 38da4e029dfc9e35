import type { SiwxStoreState } from '../../src/stores/createSiwxStore'
import { useSiwxState } from './useSiwxState'

const selectCloseBlocked = (state: SiwxStoreState) => state.closeBlocked

/** Whether closing the modal is refused: sign-in is required and the account has no session. */
export function useSiwxCloseBlocked(): boolean {
  return useSiwxState(selectCloseBlocked)
}
