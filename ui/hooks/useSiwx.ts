import { useCallback } from 'react'
import type { BaseError } from '../../src/errors/base'
import { SiwxNotEnabledError } from '../../src/errors/SiwxNotEnabledError'
import type { SiwxStatus } from '../../src/machines/siwx'
import type { SiwxSession } from '../../src/siwx/types'
import type { ReadonlyStore } from '../../src/stores/createMachineStore'
import type { SiwxStoreState } from '../../src/stores/createSiwxStore'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'

/** What {@link useSiwx} returns. */
export interface UseSiwxReturnType {
  /** The connected account's sign-in session, if it has one. */
  session: SiwxSession | undefined
  /** `idle`, `needsSignature` (prompted), `signing`, `signedIn` or `error`. */
  status: SiwxStatus
  /** Why the last sign-in failed (a declined signature keeps viem's 4001 error as `cause`). */
  error: BaseError | undefined
  /**
   * Asks the wallet to sign the message and stores the session; resolves with it, or with
   * undefined when it failed (see `error`). Rejects with `SiwxNotEnabledError` without `siwx`.
   */
  signIn(): Promise<SiwxSession | undefined>
  /** Signs the connected account out (disconnects it too when sign-in is required). */
  signOut(): Promise<void>
}

const selectSession = (state: SiwxStoreState) => state.session
const selectStatus = (state: SiwxStoreState) => state.status
const selectError = (state: SiwxStoreState) => state.error

// Until the sign-in controller runs (or without `siwx`): nothing to sign. The full idle state and
// the sign-in code stay in the modal chunk.
const idle = { status: 'idle' } as SiwxStoreState
const idleStore: ReadonlyStore<SiwxStoreState> = {
  getState: () => idle,
  getInitialState: () => idle,
  subscribe: () => () => {},
}

/**
 * Sign-in with X (SPEC §4), headless: the same flow the SIWXSignMessage view shows. Needs the
 * `siwx` option; its code loads when a wallet connects (or on the first `signIn`).
 * @example const { session, signIn, signOut } = useSiwx()
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function useSiwx(): UseSiwxReturnType {
  const { siwx, loadSiwx, input } = useLatchkeyContext()
  const store = siwx?.store ?? idleStore
  const session = useStoreState(store, selectSession)
  const status = useStoreState(store, selectStatus)
  const error = useStoreState(store, selectError)
  const configured = Boolean(input?.siwx)
  const signIn = useCallback(async () => {
    if (!configured) throw new SiwxNotEnabledError()
    return (siwx ?? (await loadSiwx()))?.store.signIn()
  }, [configured, siwx, loadSiwx])
  const signOut = useCallback(async () => {
    if (!configured) return
    await (siwx ?? (await loadSiwx()))?.store.signOut()
  }, [configured, siwx, loadSiwx])
  return { session, status, error, signIn, signOut }
}
