import type { SiwxStoreState } from '../../src/stores/createSiwxStore'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'
import { idleSiwxStore } from './idleSiwxState'

/** A slice of the sign-in store (idle until its chunk loaded); `select` must return stable values. */
export function useSiwxState<S>(select: (state: SiwxStoreState) => S): S {
  const { siwx } = useLatchkeyContext()
  return useStoreState(siwx?.store ?? idleSiwxStore, select)
}
