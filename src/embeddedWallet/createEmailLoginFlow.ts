import {
  type EmailLoginEvent,
  type EmailLoginState,
  emailLoginReducer,
  initialEmailLoginState,
} from '../machines/emailLogin'
import type { ConnectEmailAction, UpdateEmailAction } from '../schemas/embeddedWalletTypes'
import { createMachineStore, type ReadonlyStore } from '../stores/createMachineStore'
import { toEmbeddedError } from './toEmbeddedError'

/**
 * The embedded wallet calls the email flow makes: declared once here, the connector's `embedded`
 * API extends it (SPEC §4 "Email login", "Email change").
 */
export interface EmailLoginFlowApi {
  /** Starts an email login; refused within 30 s of the last one ('Please try again after {n} seconds'). */
  connectEmail(parameters: { email: string }): Promise<{ action: ConnectEmailAction }>
  /** Waits until the visitor approved this device from the email (after VERIFY_DEVICE). */
  connectDevice(): Promise<void>
  /** Sends the one-time code; then `connect({ connector })` from wagmi completes the login. */
  connectOtp(parameters: { otp: string }): Promise<void>
  /** Starts an email change. */
  updateEmail(parameters: { email: string }): Promise<{ action: UpdateEmailAction }>
  /** Sends the code mailed to the current address. */
  updateEmailPrimaryOtp(parameters: { otp: string }): Promise<void>
  /** Sends the code mailed to the new address; on success the new email is stored. */
  updateEmailSecondaryOtp(parameters: { otp: string }): Promise<{ newEmail: string }>
}

/** Parameters of {@link createEmailLoginFlow}. */
export type CreateEmailLoginFlowParameters = {
  api: EmailLoginFlowApi
  /** Completes the login once the frame has a session, e.g. `() => connectAsync({ connector })`; may return the email. */
  connect(): Promise<{ email?: string | undefined } | undefined>
  /** Where the flow starts (the stored last login time, so the cooldown survives a reload). */
  initialState?: EmailLoginState | undefined
  /** The clock. @default Date.now */
  now?: (() => number) | undefined
}

/** The email login flow as a read-only store plus actions; React binds it with `useSyncExternalStore`. */
export interface EmailLoginFlow extends ReadonlyStore<EmailLoginState> {
  /** Starts (or resends) an email login; within 30 s of the last one the state carries the cooldown message. */
  submitEmail(email: string): void
  /** Sends the code of the view on screen (login, or either step of an email change). */
  submitOtp(otp: string): void
  /** Starts an email change. */
  submitNewEmail(email: string): void
  /** Back to idle; results still in flight are dropped. */
  reset(): void
}

/** Creates the headless email login and email change flow: the reducer plus its effects (SPEC §4). */
export function createEmailLoginFlow(parameters: CreateEmailLoginFlowParameters): EmailLoginFlow {
  const { api } = parameters
  const now = parameters.now ?? (() => Date.now())
  const { store, dispatch } = createMachineStore<EmailLoginState, EmailLoginEvent>({
    reducer: emailLoginReducer,
    initialState: parameters.initialState ?? initialEmailLoginState(),
    onChange(next, prev, event) {
      if (next.attempt !== prev.attempt) run(next, event)
    },
  })

  function settle<T>(attempt: number, promise: Promise<T>, done: (value: T) => EmailLoginEvent) {
    promise.then(
      (value) => dispatch(done(value)),
      (error: unknown) => dispatch({ type: 'failed', error: toEmbeddedError(error), attempt }),
    )
  }

  // The effect of each status that waits on the wallet; `event` carries the code for OTP steps.
  function run(state: EmailLoginState, event: EmailLoginEvent) {
    const { attempt } = state
    const otp = event.type === 'submitOtp' ? event.otp : ''
    switch (state.status) {
      case 'submittingEmail':
        return settle(attempt, api.connectEmail({ email: state.email ?? '' }), ({ action }) => ({
          type: 'emailAccepted',
          action,
          now: now(),
          attempt,
        }))
      case 'verifyDevice':
        return settle(attempt, api.connectDevice(), () => ({ type: 'deviceVerified', attempt }))
      case 'submittingOtp':
        return settle(attempt, api.connectOtp({ otp }), () => ({ type: 'otpAccepted', attempt }))
      case 'connecting':
        return settle(attempt, parameters.connect(), (result) => ({
          type: 'connected',
          attempt,
          email: result?.email,
        }))
      case 'submittingNewEmail':
        return settle(attempt, api.updateEmail({ email: state.newEmail ?? '' }), ({ action }) => ({
          type: 'updateAccepted',
          action,
          attempt,
        }))
      case 'submittingPrimaryOtp':
        return settle(attempt, api.updateEmailPrimaryOtp({ otp }), () => ({
          type: 'otpAccepted',
          attempt,
        }))
      case 'submittingSecondaryOtp':
        return settle(attempt, api.updateEmailSecondaryOtp({ otp }), ({ newEmail }) => ({
          type: 'emailUpdated',
          newEmail,
          attempt,
        }))
      default:
        return
    }
  }

  return {
    ...store,
    submitEmail: (email) => dispatch({ type: 'submitEmail', email, now: now() }),
    submitOtp: (otp) => dispatch({ type: 'submitOtp', otp }),
    submitNewEmail: (email) => dispatch({ type: 'submitNewEmail', email }),
    reset: () => dispatch({ type: 'reset' }),
  }
}
