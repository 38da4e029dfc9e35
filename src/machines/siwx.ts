import type { BaseError } from '../errors/base'
import { NoActiveCaipAddressError } from '../errors/NoActiveCaipAddressError'
import type { CaipNetworkId } from '../networks'
import { isSiwxSessionFor } from '../siwx/siwxSessions'
import type { SiwxAccount, SiwxSession } from '../siwx/types'

/** Where the sign-in flow is (SPEC §4 "Sign-in flow"). */
export type SiwxStatus = 'idle' | 'needsSignature' | 'signing' | 'signedIn' | 'error'

/** The connected account as the sign-in flow sees it. */
export interface SiwxConnection {
  address: string
  chainId: CaipNetworkId
  /** Whether the network is one the app supports; no sign-in prompt on an unsupported one. */
  supported: boolean
}

/** State of the sign-in reducer; the fields after `signOuts` are outputs for the UI and effects. */
export interface SiwxState {
  status: SiwxStatus
  required: boolean
  signOutOnDisconnect: boolean
  connection: SiwxConnection | undefined
  session: SiwxSession | undefined
  error: BaseError | undefined
  /**
   * Bumped by every sign request and every account, chain or connection change. Effects tag a
   * sign attempt with it (one nonce request per attempt) and results of older attempts are dropped.
   */
  attempt: number
  /** Bumped each time the sign view is opened for a new reason: at most once per event. */
  promptId: number
  /** Sessions to sign out (the old account after a change or a disconnect); effects acknowledge with `signedOut`. */
  signOuts: SiwxAccount[]
  /** Whether the SIWXSignMessage view should be open. */
  prompt: boolean
  /** Whether the modal's close control is disabled: sign-in is required and there is no session. */
  closeBlocked: boolean
  /** Set by the event just handled: the wallet must be disconnected (cancel while required). */
  shouldDisconnect: boolean
  /** Set by the event just handled: the router must reset to Connect (after a cancel). */
  resetToConnect: boolean
  /** Set by the event just handled: what a sign attempt ended with (for a toast or an event). */
  result: 'success' | 'error' | 'cancelled' | undefined
}

/** Events of the sign-in reducer. */
export type SiwxEvent =
  | ({
      type: 'connected' | 'accountChanged' | 'chainChanged'
      session?: SiwxSession | undefined
    } & SiwxConnection)
  | { type: 'disconnected' }
  | { type: 'signRequested' }
  | { type: 'signed'; session: SiwxSession; attempt: number }
  | { type: 'failed'; error: BaseError; attempt: number }
  /** The message for the prompt could not be made (the nonce request failed): say so, do not wait. */
  | { type: 'prepareFailed'; error: BaseError; promptId: number }
  | { type: 'cancelled' }
  | { type: 'signedOut'; account: SiwxAccount }
  | { type: 'signOutRequested' }
  | { type: 'setRequired'; required: boolean }

function accountOf(connection: SiwxConnection): SiwxAccount {
  return { chainId: connection.chainId, address: connection.address }
}

function sameConnection(a: SiwxConnection | undefined, b: SiwxConnection): boolean {
  return (
    a !== undefined &&
    a.supported === b.supported &&
    isSiwxSessionFor(
      { data: { chainId: a.chainId, accountAddress: a.address } } as SiwxSession,
      accountOf(b),
    )
  )
}

function withSignOut(signOuts: SiwxAccount[], session: SiwxSession | undefined): SiwxAccount[] {
  if (!session) return signOuts
  const account = { chainId: session.data.chainId, address: session.data.accountAddress }
  return signOuts.some((a) => isSiwxSessionFor(session, a)) ? signOuts : [...signOuts, account]
}

function derive(state: SiwxState): SiwxState {
  const closeBlocked =
    state.required && state.connection !== undefined && state.session === undefined
  return state.closeBlocked === closeBlocked ? state : { ...state, closeBlocked }
}

function transition(state: SiwxState, event: SiwxEvent): SiwxState {
  switch (event.type) {
    case 'connected':
    case 'accountChanged':
    case 'chainChanged': {
      const connection: SiwxConnection = {
        address: event.address,
        chainId: event.chainId,
        supported: event.supported,
      }
      // A repeated event for the account we already handle changes nothing: no second prompt.
      if (sameConnection(state.connection, connection) && !(event.session && !state.session))
        return state
      const account = accountOf(connection)
      const keep =
        state.session && isSiwxSessionFor(state.session, account) ? state.session : undefined
      const found =
        event.session && isSiwxSessionFor(event.session, account) ? event.session : undefined
      const session = found ?? keep
      const base = {
        ...state,
        connection,
        session,
        error: undefined,
        attempt: state.attempt + 1,
        signOuts: keep ? state.signOuts : withSignOut(state.signOuts, state.session),
      }
      if (session) return { ...base, status: 'signedIn', prompt: false }
      if (!connection.supported) return { ...base, status: 'idle', prompt: false }
      // Already prompting (rapid changes): the open view now shows the new account, same prompt.
      const promptId = state.prompt ? state.promptId : state.promptId + 1
      return { ...base, status: 'needsSignature', prompt: true, promptId }
    }
    case 'disconnected':
      if (!state.connection && !state.session && state.status === 'idle') return state
      return {
        ...state,
        status: 'idle',
        connection: undefined,
        session: undefined,
        error: undefined,
        attempt: state.attempt + 1,
        prompt: false,
        signOuts: state.signOutOnDisconnect
          ? withSignOut(state.signOuts, state.session)
          : state.signOuts,
      }
    case 'signRequested':
      if (state.status === 'signing') return state
      if (!state.connection)
        return {
          ...state,
          status: 'error',
          error: new NoActiveCaipAddressError(),
          prompt: true,
          result: 'error',
        }
      if (!state.connection.supported) return state
      return {
        ...state,
        status: 'signing',
        error: undefined,
        prompt: true,
        attempt: state.attempt + 1,
      }
    case 'signed':
      if (
        state.status !== 'signing' ||
        event.attempt !== state.attempt ||
        !state.connection ||
        !isSiwxSessionFor(event.session, accountOf(state.connection))
      )
        return state
      return {
        ...state,
        status: 'signedIn',
        session: event.session,
        prompt: false,
        result: 'success',
      }
    case 'failed':
      if (state.status !== 'signing' || event.attempt !== state.attempt) return state
      return { ...state, status: 'error', error: event.error, prompt: true, result: 'error' }
    case 'prepareFailed':
      if (!state.prompt || state.status !== 'needsSignature' || event.promptId !== state.promptId)
        return state
      return { ...state, status: 'error', error: event.error, result: 'error' }
    case 'cancelled': {
      if (!state.prompt) return state
      const cancelled = {
        ...state,
        attempt: state.attempt + 1,
        prompt: false,
        error: undefined,
        result: 'cancelled' as const,
      }
      // Re-signing with a valid session in hand: cancel keeps that session.
      if (state.session) return { ...cancelled, status: 'signedIn' }
      return {
        ...cancelled,
        status: 'idle',
        shouldDisconnect: state.required,
        resetToConnect: true,
      }
    }
    case 'signedOut': {
      const signOuts = state.signOuts.filter(
        (a) => !(a.chainId === event.account.chainId && a.address === event.account.address),
      )
      return signOuts.length === state.signOuts.length ? state : { ...state, signOuts }
    }
    case 'signOutRequested':
      // The visitor signs out: the session is revoked; a required sign-in also disconnects.
      if (!state.session) return state
      return {
        ...state,
        status: 'idle',
        session: undefined,
        error: undefined,
        attempt: state.attempt + 1,
        prompt: false,
        signOuts: withSignOut(state.signOuts, state.session),
        shouldDisconnect: state.required,
      }
    case 'setRequired':
      return state.required === event.required ? state : { ...state, required: event.required }
    default: {
      const _: never = event
      return state
    }
  }
}

/**
 * Pure sign-in reducer for SPEC §4: connect on a supported network with no session prompts;
 * signing stores and closes; failure reopens with the error; cancel disconnects when required,
 * else closes, and resets to Connect; account, chain or connection changes sign the old session
 * out with at most one prompt per change and none on an unsupported network.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function siwxReducer(state: SiwxState, event: SiwxEvent): SiwxState {
  const cleared =
    state.shouldDisconnect || state.resetToConnect || state.result !== undefined
      ? { ...state, shouldDisconnect: false, resetToConnect: false, result: undefined }
      : state
  const next = transition(cleared, event)
  return next === cleared ? (cleared === state ? state : derive(cleared)) : derive(next)
}
