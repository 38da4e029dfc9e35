import { useCallback, useSyncExternalStore } from 'react'
import type { ReadonlyStore } from '../../src/stores/createMachineStore'

/** Subscribes a component to a selected slice of a store (selectors must return stable values). */
export function useStoreState<T, S>(store: ReadonlyStore<T>, select: (state: T) => S): S {
  const getSnapshot = useCallback(() => select(store.getState()), [store, select])
  const getServerSnapshot = useCallback(() => select(store.getInitialState()), [store, select])
  return useSyncExternalStore(store.subscribe, getSnapshot, getServerSnapshot)
}
