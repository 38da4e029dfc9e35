import { SocialLoginCancelledError } from '../errors/SocialLoginCancelledError'
import {
  initialSocialLoginState,
  type SocialLoginEvent,
  type SocialLoginState,
  socialLoginReducer,
} from '../machines/socialLogin'
import type { EmbeddedWalletUser } from '../schemas/embeddedWalletTypes'
import type { FrameLoginProvider, FrameSocialProvider } from '../schemas/frameValues'
import { createMachineStore, type ReadonlyStore } from '../stores/createMachineStore'
import { toEmbeddedError } from './toEmbeddedError'
import { waitForSocialResult } from './waitForSocialResult'

/** The embedded wallet calls the social flow makes; the connector's `embedded` API extends it. */
export interface SocialLoginFlowApi {
  /** The providers the wallet server has configured (SPEC §5's only, Farcaster too), in its order. */
  getSocialProviders(): Promise<FrameLoginProvider[]>
  /** SPEC §4 "get the redirect URI": the frame starts a login bound to its device key. */
  startSocial(parameters: {
    provider: FrameSocialProvider
  }): Promise<{ uri: string; expiresAt?: number | undefined }>
  /** SPEC §4 "connect social": the frame redeems the result handle; the token stays there. */
  connectSocial(parameters: { result: string }): Promise<EmbeddedWalletUser>
}

/** Parameters of {@link createSocialLoginFlow}. */
export type CreateSocialLoginFlowParameters = {
  api: SocialLoginFlowApi
  /** Completes the login once the frame has a session, e.g. `() => connectAsync({ connector })`. */
  connect(): Promise<unknown>
  /** Opens the blank popup, synchronously in the click. @default window.open, centred */
  openPopup?: (() => Window | null) | undefined
  /** The clock. @default Date.now */
  now?: (() => number) | undefined
}

/** The social login flow as a read-only store plus actions; React binds it with `useSyncExternalStore`. */
export interface SocialLoginFlow extends ReadonlyStore<SocialLoginState> {
  /**
   * Starts a login with `provider`. Call it inside the click handler: it opens the popup at once
   * (DESIGN.md: popups are opened synchronously in the click and navigated later).
   */
  start(provider: FrameSocialProvider): void
  /** Starts the login on screen again (inside a click too): after a blocked or closed popup. */
  retry(): void
  /** Back to idle: the popup closes and results still in flight are dropped. */
  reset(): void
}

/** The login's lifetime when the server names none (its default `flowTtlMs`). */
const defaultLifetimeMs = 600_000

function openCenteredPopup(): Window | null {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  return window.open(
    '',
    'latchkey-social',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  )
}

// The callback page's origin: the redirect URI the server put into the authorization URL.
function callbackOrigin(uri: string): string {
  const url = new URL(uri)
  const redirect = url.searchParams.get('redirect_uri')
  return redirect ? new URL(redirect).origin : url.origin
}

/** Creates the headless social login flow: the reducer plus its effects (SPEC §4 "Social login"). */
export function createSocialLoginFlow(
  parameters: CreateSocialLoginFlowParameters,
): SocialLoginFlow {
  const { api } = parameters
  const now = parameters.now ?? (() => Date.now())
  const openPopup = parameters.openPopup ?? openCenteredPopup
  const { store, dispatch } = createMachineStore<SocialLoginState, SocialLoginEvent>({
    reducer: socialLoginReducer,
    initialState: initialSocialLoginState(),
  })
  let current: { popup: Window; controller: AbortController } | undefined

  function stop() {
    if (!current) return
    current.controller.abort()
    try {
      current.popup.close()
    } catch {
      // already gone
    }
    current = undefined
  }

  async function run(
    provider: FrameSocialProvider,
    attempt: number,
    popup: Window,
    signal: AbortSignal,
  ) {
    try {
      const { uri, expiresAt } = await api.startSocial({ provider })
      if (signal.aborted) return
      popup.location.replace(uri)
      dispatch({ type: 'authorizing', attempt })
      const result = await waitForSocialResult({
        popup,
        origin: callbackOrigin(uri),
        expiresAt: expiresAt ?? now() + defaultLifetimeMs,
        signal,
        onClosed: () => dispatch({ type: 'popupClosed', attempt }),
        now,
      })
      dispatch({ type: 'resultReceived', attempt })
      const user = await api.connectSocial({ result })
      if (signal.aborted) return
      await parameters.connect()
      dispatch({ type: 'connected', attempt, userName: user.userName })
    } catch (error) {
      if (signal.aborted) return
      if (error instanceof SocialLoginCancelledError) dispatch({ type: 'cancelled', attempt })
      else dispatch({ type: 'failed', error: toEmbeddedError(error), attempt })
    } finally {
      if (current?.popup === popup && !signal.aborted) {
        // the login is over (in or out): the popup has nothing more to show
        try {
          popup.close()
        } catch {}
        current = undefined
      }
    }
  }

  function start(provider: FrameSocialProvider) {
    if (store.getState().status === 'connecting') return
    current?.controller.abort()
    current = undefined
    // Synchronously, in the click: anything later is a popup the browser blocks.
    const popup = openPopup()
    dispatch({ type: 'start', provider, blocked: popup === null })
    if (!popup) return
    const controller = new AbortController()
    current = { popup, controller }
    void run(provider, store.getState().attempt, popup, controller.signal)
  }

  return {
    ...store,
    start,
    retry() {
      const { provider } = store.getState()
      if (provider) start(provider)
    },
    reset() {
      stop()
      dispatch({ type: 'reset' })
    },
  }
}
