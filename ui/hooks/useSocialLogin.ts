import { useContext, useSyncExternalStore } from 'react'
import {
  createSocialLoginFlow,
  type SocialLoginFlow,
} from '../../src/embeddedWallet/createSocialLoginFlow'
import { initialSocialLoginState, type SocialLoginState } from '../../src/machines/socialLogin'
import type { FrameSocialProvider } from '../../src/schemas/frameValues'
import { SocialLoginContext } from '../context/SocialLoginContext'
import { describeEmbeddedError } from '../modal/embeddedWallet/describeEmbeddedError'
import { useEmbeddedWallet } from '../modal/embeddedWallet/useEmbeddedWallet'
import { useSocialLoginFlow } from '../modal/embeddedWallet/useSocialLoginFlow'

/** What {@link useSocialLogin} returns. */
export interface SocialLogin {
  /** Whether an `embeddedWallet()` connector is configured and its flow is ready. */
  available: boolean
  /** The flow's state (SPEC §4 "Social login"). */
  state: SocialLoginState
  /** The state's error as the UI shows it, if any. */
  message: string | undefined
  /** Starts a login: call it in the click handler, it opens the provider's popup at once. */
  start(provider: FrameSocialProvider): void
  /** Starts the login on screen again (in a click): after a blocked, closed or failed popup. */
  retry(): void
  /** Back to idle: the popup closes. */
  reset(): void
  /**
   * Finishes a redirect-mode login that came back to this page (`embeddedWallet({ social: {
   * mode: 'redirect' } })`); the modal calls it by itself, a headless UI calls it on mount.
   */
  resume(): void
}

const idle = initialSocialLoginState()
const noop = () => {}
const subscribeNone = () => noop
const getIdle = () => idle

/**
 * Headless social login through the embedded wallet: the modal's social buttons and its
 * ConnectingSocial view are built on it. Inside the modal it shares the modal's flow.
 * @example
 * const { state, start } = useSocialLogin()
 * <button onClick={() => start('google')}>Google</button>
 */
export function useSocialLogin(): SocialLogin {
  const shared = useContext(SocialLoginContext)
  const wallet = useEmbeddedWallet()
  const own = useSocialLoginFlow(shared === undefined ? wallet : undefined, createSocialLoginFlow)
  const flow: SocialLoginFlow | undefined = shared === undefined ? own : (shared ?? undefined)
  const state = useSyncExternalStore(
    flow?.subscribe ?? subscribeNone,
    flow?.getState ?? getIdle,
    flow?.getInitialState ?? getIdle,
  )
  return {
    available: flow !== undefined,
    state,
    message: state.error === undefined ? undefined : describeEmbeddedError(state.error),
    start: flow?.start ?? noop,
    retry: flow?.retry ?? noop,
    reset: flow?.reset ?? noop,
    resume: flow?.resume ?? noop,
  }
}
