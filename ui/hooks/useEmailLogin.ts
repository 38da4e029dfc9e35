import { useContext, useSyncExternalStore } from 'react'
import type { EmailLoginFlow } from '../../src/embeddedWallet/createEmailLoginFlow'
import { type EmailLoginState, initialEmailLoginState } from '../../src/machines/emailLogin'
import { EmailLoginContext } from '../context/EmailLoginContext'
import { describeEmbeddedError } from '../modal/embeddedWallet/describeEmbeddedError'
import { useEmailLoginFlow } from '../modal/embeddedWallet/useEmailLoginFlow'
import { useEmbeddedWallet } from '../modal/embeddedWallet/useEmbeddedWallet'

/** What {@link useEmailLogin} returns. */
export interface EmailLogin {
  /** Whether an `embeddedWallet()` connector is configured and its flow is ready. */
  available: boolean
  /** The flow's state (SPEC §4 "Email login", "Email change"). */
  state: EmailLoginState
  /** The state's error as the UI shows it (cooldown, wrong code, SPEC §8 alerts), if any. */
  message: string | undefined
  /** Starts (or resends) an email login. */
  submitEmail(email: string): void
  /** Sends the one-time code of the step on screen. */
  submitOtp(otp: string): void
  /** Starts an email change. */
  submitNewEmail(email: string): void
  /** Back to idle (the cooldown stays). */
  reset(): void
}

const idle = initialEmailLoginState()
const noop = () => {}
const subscribeNone = () => noop
const getIdle = () => idle

/**
 * Headless email login through the embedded wallet: the modal's email views are built on it.
 * Inside the modal it shares the modal's flow; elsewhere each caller gets its own.
 * @example
 * const { state, submitEmail, submitOtp } = useEmailLogin()
 */
export function useEmailLogin(): EmailLogin {
  const shared = useContext(EmailLoginContext)
  const wallet = useEmbeddedWallet()
  const own = useEmailLoginFlow(shared === undefined ? wallet : undefined)
  const flow: EmailLoginFlow | undefined = shared === undefined ? own : (shared ?? undefined)
  const state = useSyncExternalStore(
    flow?.subscribe ?? subscribeNone,
    flow?.getState ?? getIdle,
    flow?.getInitialState ?? getIdle,
  )
  return {
    available: flow !== undefined,
    state,
    message: state.error === undefined ? undefined : describeEmbeddedError(state.error),
    submitEmail: flow?.submitEmail ?? noop,
    submitOtp: flow?.submitOtp ?? noop,
    submitNewEmail: flow?.submitNewEmail ?? noop,
    reset: flow?.reset ?? noop,
  }
}
