import type { BaseError } from '../errors/base'
import type { FrameSocialProvider } from '../schemas/frameValues'

/**
 * Where a social login is (SPEC §4 "Social login": get the redirect URI, connect with the
 * result, store the username): `starting` while the frame starts the login (the popup shows a
 * blank page), `authorizing` while the visitor is at the provider, `connecting` while the frame
 * redeems the result and wagmi connects. `blocked`: the browser refused the popup (a click opens
 * it again); `cancelled`: the visitor declined at the provider.
 */
export type SocialLoginStatus =
  | 'idle'
  | 'starting'
  | 'authorizing'
  | 'connecting'
  | 'connected'
  | 'blocked'
  | 'cancelled'
  | 'error'

/** State of the social login reducer. */
export interface SocialLoginState {
  status: SocialLoginStatus
  /** The provider of the login on screen. */
  provider: FrameSocialProvider | undefined
  /**
   * The popup reads closed while the visitor is at the provider: a "try again" is offered, and
   * the login stays completable until it expires (a strict COOP makes `closed` read true early).
   */
  popupClosed: boolean
  /** The signed-in username, once connected (SPEC §4 "store the username"). */
  userName: string | undefined
  /** Why the login failed, as thrown; the UI picks its words by `error.name`. */
  error: BaseError | undefined
  /** Bumped by every start: effects tag results with it and older results are dropped. */
  attempt: number
}

/** Events of the social login reducer. */
export type SocialLoginEvent =
  /** A click opened the popup (`blocked`: the browser refused it). */
  | { type: 'start'; provider: FrameSocialProvider; blocked: boolean }
  /** A redirect-mode login came back to the page: its result is being redeemed. */
  | { type: 'resumed'; provider: FrameSocialProvider }
  | { type: 'authorizing'; attempt: number }
  | { type: 'popupClosed'; attempt: number }
  | { type: 'resultReceived'; attempt: number }
  | { type: 'connected'; attempt: number; userName?: string | undefined }
  | { type: 'cancelled'; attempt: number }
  | { type: 'failed'; error: BaseError; attempt: number }
  | { type: 'reset' }

/** The state a social login flow starts in. */
export function initialSocialLoginState(): SocialLoginState {
  return {
    status: 'idle',
    provider: undefined,
    popupClosed: false,
    userName: undefined,
    error: undefined,
    attempt: 0,
  }
}

// A result of the attempt on screen, while it still waits for one.
const isCurrent = (state: SocialLoginState, attempt: number, ...statuses: SocialLoginStatus[]) =>
  attempt === state.attempt && statuses.includes(state.status)

/** The social login reducer: pure, exhaustive; results of older attempts are dropped. */
export function socialLoginReducer(
  state: SocialLoginState,
  event: SocialLoginEvent,
): SocialLoginState {
  switch (event.type) {
    case 'start':
      // A second click while the frame redeems a result would start a login over it.
      if (state.status === 'connecting') return state
      return {
        ...initialSocialLoginState(),
        status: event.blocked ? 'blocked' : 'starting',
        provider: event.provider,
        attempt: state.attempt + 1,
      }
    case 'resumed':
      if (state.status === 'connecting') return state
      return {
        ...initialSocialLoginState(),
        status: 'connecting',
        provider: event.provider,
        attempt: state.attempt + 1,
      }
    case 'authorizing':
      if (!isCurrent(state, event.attempt, 'starting')) return state
      return { ...state, status: 'authorizing' }
    case 'popupClosed':
      if (!isCurrent(state, event.attempt, 'starting', 'authorizing') || state.popupClosed)
        return state
      return { ...state, popupClosed: true }
    case 'resultReceived':
      if (!isCurrent(state, event.attempt, 'starting', 'authorizing')) return state
      return { ...state, status: 'connecting', popupClosed: false }
    case 'connected':
      if (!isCurrent(state, event.attempt, 'connecting')) return state
      return { ...state, status: 'connected', userName: event.userName }
    case 'cancelled':
      if (!isCurrent(state, event.attempt, 'starting', 'authorizing', 'connecting')) return state
      return { ...state, status: 'cancelled' }
    case 'failed':
      if (!isCurrent(state, event.attempt, 'starting', 'authorizing', 'connecting')) return state
      return { ...state, status: 'error', error: event.error }
    case 'reset':
      if (state.status === 'idle') return state
      // results still in flight belong to the old attempt and are dropped
      return { ...initialSocialLoginState(), attempt: state.attempt + 1 }
    default: {
      const unknown: never = event
      return unknown
    }
  }
}
