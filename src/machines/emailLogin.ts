import { checkEmailLoginCooldown } from '../embeddedWallet/emailLoginCooldown'
import type { BaseError } from '../errors/base'
import type { ConnectEmailAction, UpdateEmailAction } from '../schemas/embeddedWalletTypes'

/** Where the email login or email change flow is (SPEC §4 "Email login", "Email change"). */
export type EmailLoginStatus =
  // login
  | 'idle'
  | 'submittingEmail'
  | 'verifyDevice'
  | 'verifyOtp'
  | 'submittingOtp'
  | 'connecting'
  | 'connected'
  // email change
  | 'submittingNewEmail'
  | 'verifyPrimaryOtp'
  | 'submittingPrimaryOtp'
  | 'verifySecondaryOtp'
  | 'submittingSecondaryOtp'
  | 'emailUpdated'
  // either
  | 'error'

/** State of the email login reducer. */
export interface EmailLoginState {
  status: EmailLoginStatus
  /** The login email, or after an email change the new one. */
  email: string | undefined
  /** The address an email change goes to, while it runs. */
  newEmail: string | undefined
  /**
   * Why the last step failed, as thrown (an `EmailLoginCooldownError` for a refused resend, the
   * server's `InvalidOtpError` for a wrong code…); the UI picks its words by `error.name`.
   */
  error: BaseError | undefined
  /** When the last email login was triggered (ms since epoch); cleared by a successful login. */
  lastEmailLoginAt: number | undefined
  /**
   * Bumped by every transition that starts an effect. Effects tag their result with it and the
   * reducer drops results of older attempts.
   */
  attempt: number
}

/** Events of the email login reducer; `now` is passed in, the reducer never reads a clock. */
export type EmailLoginEvent =
  | { type: 'submitEmail'; email: string; now: number }
  | { type: 'emailAccepted'; action: ConnectEmailAction; now: number; attempt: number }
  | { type: 'deviceVerified'; attempt: number }
  | { type: 'submitOtp'; otp: string }
  | { type: 'otpAccepted'; attempt: number }
  | { type: 'connected'; attempt: number; email?: string | undefined }
  | { type: 'submitNewEmail'; email: string }
  | { type: 'updateAccepted'; action: UpdateEmailAction; attempt: number }
  | { type: 'emailUpdated'; newEmail: string; attempt: number }
  | { type: 'failed'; error: BaseError; attempt: number }
  | { type: 'reset' }

/** Parameters of {@link initialEmailLoginState}. */
export type InitialEmailLoginStateParameters = {
  /** The stored last email login time, so the cooldown survives a reload. */
  lastEmailLoginAt?: number | undefined
  /** The stored email, if any. */
  email?: string | undefined
}

/** The state an email login flow starts in. */
export function initialEmailLoginState(
  parameters: InitialEmailLoginStateParameters = {},
): EmailLoginState {
  return {
    status: 'idle',
    email: parameters.email,
    newEmail: undefined,
    error: undefined,
    lastEmailLoginAt: parameters.lastEmailLoginAt,
    attempt: 0,
  }
}

// Statuses from which a (new or repeated) email login may start.
const emailEntry: ReadonlySet<EmailLoginStatus> = new Set([
  'idle',
  'verifyOtp',
  'verifyDevice',
  'error',
  'connected',
  'emailUpdated',
])

// Statuses from which an email change may start.
const updateEntry: ReadonlySet<EmailLoginStatus> = new Set([
  'idle',
  'connected',
  'emailUpdated',
  'error',
])

function start(state: EmailLoginState, status: EmailLoginStatus): EmailLoginState {
  return { ...state, status, error: undefined, attempt: state.attempt + 1 }
}

function transition(state: EmailLoginState, event: EmailLoginEvent): EmailLoginState {
  switch (event.type) {
    case 'submitEmail': {
      if (!emailEntry.has(state.status)) return state
      const refusal = checkEmailLoginCooldown(state.lastEmailLoginAt, event.now)
      if (refusal) return { ...state, error: refusal }
      return { ...start(state, 'submittingEmail'), email: event.email, newEmail: undefined }
    }
    case 'emailAccepted': {
      if (state.status !== 'submittingEmail' || event.attempt !== state.attempt) return state
      const next = { ...state, lastEmailLoginAt: event.now }
      if (event.action === 'VERIFY_DEVICE') return start(next, 'verifyDevice')
      if (event.action === 'VERIFY_OTP') return { ...next, status: 'verifyOtp' }
      return start(next, 'connecting')
    }
    case 'deviceVerified':
      if (state.status !== 'verifyDevice' || event.attempt !== state.attempt) return state
      return { ...state, status: 'verifyOtp' }
    case 'submitOtp':
      if (state.status === 'verifyOtp') return start(state, 'submittingOtp')
      if (state.status === 'verifyPrimaryOtp') return start(state, 'submittingPrimaryOtp')
      if (state.status === 'verifySecondaryOtp') return start(state, 'submittingSecondaryOtp')
      return state
    case 'otpAccepted':
      if (event.attempt !== state.attempt) return state
      if (state.status === 'submittingOtp') return start(state, 'connecting')
      if (state.status === 'submittingPrimaryOtp') return { ...state, status: 'verifySecondaryOtp' }
      return state
    case 'connected':
      if (state.status !== 'connecting' || event.attempt !== state.attempt) return state
      // SPEC §4: success clears the last email login time.
      return {
        ...state,
        status: 'connected',
        email: event.email ?? state.email,
        lastEmailLoginAt: undefined,
      }
    case 'submitNewEmail':
      if (!updateEntry.has(state.status)) return state
      return { ...start(state, 'submittingNewEmail'), newEmail: event.email }
    case 'updateAccepted':
      if (state.status !== 'submittingNewEmail' || event.attempt !== state.attempt) return state
      return {
        ...state,
        status: event.action === 'VERIFY_PRIMARY_OTP' ? 'verifyPrimaryOtp' : 'verifySecondaryOtp',
      }
    case 'emailUpdated':
      if (state.status !== 'submittingSecondaryOtp' || event.attempt !== state.attempt) return state
      return { ...state, status: 'emailUpdated', email: event.newEmail, newEmail: undefined }
    case 'failed': {
      if (event.attempt !== state.attempt) return state
      // A wrong code keeps the code view open with the message; anything else is an error.
      if (state.status === 'submittingOtp')
        return { ...state, status: 'verifyOtp', error: event.error }
      if (state.status === 'submittingPrimaryOtp')
        return { ...state, status: 'verifyPrimaryOtp', error: event.error }
      if (state.status === 'submittingSecondaryOtp')
        return { ...state, status: 'verifySecondaryOtp', error: event.error }
      if (
        state.status === 'submittingEmail' ||
        state.status === 'verifyDevice' ||
        state.status === 'connecting' ||
        state.status === 'submittingNewEmail'
      )
        return { ...state, status: 'error', error: event.error, newEmail: undefined }
      return state
    }
    case 'reset':
      // The cooldown outlives a reset: going back and resubmitting at once is still refused.
      if (state.status === 'idle' && state.error === undefined && state.newEmail === undefined)
        return state
      return {
        ...state,
        status: 'idle',
        error: undefined,
        newEmail: undefined,
        attempt: state.attempt + 1,
      }
    default: {
      const _: never = event
      return state
    }
  }
}

/** Pure email login and email change reducer: `(state, event) => state`; unknown moves return `state`. */
export function emailLoginReducer(state: EmailLoginState, event: EmailLoginEvent): EmailLoginState {
  return transition(state, event)
}

/** Whether the status waits on an effect (a request to the frame is in flight). */
export function isEmailLoginBusy(status: EmailLoginStatus): boolean {
  return (
    status === 'submittingEmail' ||
    status === 'verifyDevice' ||
    status === 'submittingOtp' ||
    status === 'connecting' ||
    status === 'submittingNewEmail' ||
    status === 'submittingPrimaryOtp' ||
    status === 'submittingSecondaryOtp'
  )
}
