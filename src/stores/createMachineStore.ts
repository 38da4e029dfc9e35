import { createStore, type StoreApi } from 'zustand/vanilla'

/** The read-only side of a store, as `useSyncExternalStore` and zustand's hooks read it. */
export type ReadonlyStore<S> = Pick<StoreApi<S>, 'getState' | 'getInitialState' | 'subscribe'>

/** Parameters of {@link createMachineStore}. */
export interface CreateMachineStoreParameters<S, E> {
  /** The pure machine: `(state, event) => state`; returning `state` itself means "no change". */
  reducer(state: S, event: E): S
  initialState: S
  /**
   * The effects runner: called after every event that changed the state, with the new state, the
   * previous one and the event. Whatever it starts feeds its results back through `dispatch`.
   */
  onChange?: ((state: S, previous: S, event: E) => void) | undefined
}

/** What {@link createMachineStore} returns: the read-only store to hand out, and `dispatch`. */
export interface MachineStore<S, E> {
  /** Hand this out (spread into the public store); it has no way to change the state. */
  store: ReadonlyStore<S>
  /** Runs `reducer(state, event)`; a changed state is stored, listeners run, then `onChange`. */
  dispatch(event: E): void
}

/**
 * Binds a pure reducer to a zustand vanilla store: the one place that turns events into state for
 * every flow (modal, toast, router, sign-in, email login, connect, WalletConnect pairing). Each
 * `createXStore` adds its actions and effects on top.
 * @example
 * const { store, dispatch } = createMachineStore({ reducer: modalReducer, initialState: initialModalState() })
 * return { ...store, open: () => dispatch({ type: 'open' }) }
 */
export function createMachineStore<S, E>(
  parameters: CreateMachineStoreParameters<S, E>,
): MachineStore<S, E> {
  const { reducer, initialState, onChange } = parameters
  const zustand = createStore<S>()(() => initialState)
  return {
    store: {
      getState: zustand.getState,
      getInitialState: zustand.getInitialState,
      subscribe: zustand.subscribe,
    },
    dispatch(event) {
      const previous = zustand.getState()
      const next = reducer(previous, event)
      if (next === previous) return
      zustand.setState(next, true)
      onChange?.(next, previous, event)
    },
  }
}
