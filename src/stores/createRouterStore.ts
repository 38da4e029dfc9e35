import {
  canGoBack,
  initialRouterState,
  type RouteData,
  type RouteDataArgs,
  type RouteEntry,
  type RouterEvent,
  type RouterState,
  routerReducer,
  type TxEntry,
  toRouteEntry,
  type ViewName,
} from '../machines/router'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** Options of {@link createRouterStore}. */
export interface CreateRouterStoreParameters {
  /** Called when navigation runs out of history (not in embedded mode): the host closes the modal. */
  onClose?: (() => void) | undefined
  /** Inline mode: closing resets to Account (connected) or Connect instead of calling `onClose`. @default false */
  embedded?: boolean | undefined
  /** Read at close time in embedded mode. @default () => false */
  isConnected?: (() => boolean) | undefined
  /** First view. @default { view: 'Connect' } */
  initial?: RouteEntry | undefined
}

/** The modal's view stack: read-only zustand store plus navigation actions. */
export interface RouterStore extends ReadonlyStore<RouterState> {
  /** Open `view` on top (ignored when it is already on top); `data` is typed by `RouteMap`. */
  push<V extends ViewName>(view: V, ...data: RouteDataArgs<V>): void
  /** Swap the current view for `view`. */
  replace<V extends ViewName>(view: V, ...data: RouteDataArgs<V>): void
  /** Make `view` the only entry. */
  reset<V extends ViewName>(view: V, ...data: RouteDataArgs<V>): void
  /** One view back; closes when there is nothing to go back to. */
  goBack(): void
  /** Back to `history[index]`; out-of-range indexes are ignored. */
  goBackToIndex(index: number): void
  /** Back one view, or close at the root. */
  goBackOrClose(): void
  /** Close: `onClose()`, or in embedded mode reset to Account/Connect. */
  close(): void
  /** Put a pending transaction's callbacks on the stack. */
  pushTransaction(tx: TxEntry): void
  /** The top transaction succeeded: pop it, run `onSuccess` (and go back if it asked to). */
  txSuccess(): void
  /** The top transaction failed: pop it, run `onError`, go back. */
  txError(error?: unknown): void
  /** The top transaction was cancelled: pop it, run `onCancel`, go back. */
  txCancel(): void
}

/** Create a router store (one per `LatchkeyProvider`). */
export function createRouterStore(parameters: CreateRouterStoreParameters = {}): RouterStore {
  const { onClose, embedded = false, isConnected = () => false, initial } = parameters
  const { store, dispatch } = createMachineStore<RouterState, RouterEvent>({
    reducer: routerReducer,
    initialState: initialRouterState(initial),
  })

  function close() {
    if (embedded) dispatch({ type: 'reset', view: isConnected() ? 'Account' : 'Connect' })
    else onClose?.()
  }

  function goBack() {
    if (canGoBack(store.getState())) dispatch({ type: 'goBack' })
    else close()
  }

  function popTransaction(): TxEntry | undefined {
    const { transactionStack } = store.getState()
    const tx = transactionStack[transactionStack.length - 1]
    if (tx) dispatch({ type: 'popTransaction' })
    return tx
  }

  return {
    ...store,
    push: (view: ViewName, data?: RouteData) =>
      dispatch({ type: 'push', ...toRouteEntry(view, data) }),
    replace: (view: ViewName, data?: RouteData) =>
      dispatch({ type: 'replace', ...toRouteEntry(view, data) }),
    reset: (view: ViewName, data?: RouteData) =>
      dispatch({ type: 'reset', ...toRouteEntry(view, data) }),
    goBack,
    goBackToIndex: (index) => dispatch({ type: 'goBackToIndex', index }),
    goBackOrClose: goBack,
    close,
    pushTransaction: (tx) => dispatch({ type: 'pushTransaction', tx }),
    txSuccess() {
      const tx = popTransaction()
      if (!tx) return
      tx.onSuccess?.()
      if (tx.goBack) goBack()
    },
    txError(error) {
      const tx = popTransaction()
      if (!tx) return
      tx.onError?.(error)
      goBack()
    },
    txCancel() {
      const tx = popTransaction()
      if (!tx) return
      tx.onCancel?.()
      goBack()
    },
  }
}
