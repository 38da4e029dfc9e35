import { useCallback, useSyncExternalStore } from 'react'

/** The part of a zustand vanilla store this hook reads. */
export interface ReadableStore<T> {
  getState(): T
  getInitialState(): T
  subscribe(listener: (state: T, previous: T) => void): () => void
}

/** Subscribes a component to a selected slice of a store (selectors must return stable values). */
export function useStoreState<T, S>(store: ReadableStore<T>, select: (state: T) => S): S {
  const getSnapshot = useCallback(() => select(store.getState()), [store, select])
  const getServerSnapshot = useCallback(() => select(store.getInitialState()), [store, select])
  return useSyncExternalStore(store.subscribe, getSnapshot, getServerSnapshot)
}
