import { SocialLoginCancelledError } from '../errors/SocialLoginCancelledError'
import { SocialRedirectUnavailableError } from '../errors/SocialRedirectUnavailableError'
import {
  initialSocialLoginState,
  type SocialLoginEvent,
  type SocialLoginState,
  socialLoginReducer,
} from '../machines/socialLogin'
import type { EmbeddedWalletUser } from '../schemas/embeddedWalletTypes'
import type { FrameLoginProvider, FrameSocialProvider } from '../schemas/frameValues'
import { socialProviders } from '../schemas/socialProviders'
import { createMachineStore, type ReadonlyStore } from '../stores/createMachineStore'
import { callbackOrigin, openCenteredPopup } from './socialPopup'
import { hasSocialRedirectRecord } from './socialReturnNames'
import { toEmbeddedError } from './toEmbeddedError'
import { waitForSocialResult } from './waitForSocialResult'

/** How social logins reach the provider (`embeddedWallet({ social })`). */
export type SocialLoginOptions = {
  /**
   * `popup`: the provider's page opens in a popup and the dapp stays; `redirect`: the whole page
   * goes to the provider and comes back (in-app browsers that have no popups). @default 'popup'
   */
  mode?: 'popup' | 'redirect' | undefined
  /**
   * A page of your origin that calls `handleSocialReturn()` first: where the visitor comes back
   * in redirect mode (default: the page the login started on), and where a popup goes when the
   * provider's strict Cross-Origin-Opener-Policy cuts it off from this page (without it, such a
   * popup cannot hand the result back).
   */
  returnPath?: string | undefined
}

/** The embedded wallet calls the social flow makes; the connector's `embedded` API extends it. */
export interface SocialLoginFlowApi {
  /** The providers the wallet server has configured (SPEC §5's only, Farcaster too), in its order. */
  getSocialProviders(): Promise<FrameLoginProvider[]>
  /**
   * SPEC §4 "get the redirect URI": the frame starts a login bound to its device key. `returnUrl`:
   * a page of this origin the result may come back to; `secretHash`: SHA-256 (base64url) of the
   * single-use secret this tab keeps (redirect mode).
   */
  startSocial(parameters: {
    provider: FrameSocialProvider
    mode?: 'popup' | 'redirect' | undefined
    returnUrl?: string | undefined
    secretHash?: string | undefined
  }): Promise<{ uri: string; expiresAt?: number | undefined }>
  /**
   * SPEC §4 "connect social": the frame redeems the result handle (with the redirect's secret);
   * the token stays there.
   */
  connectSocial(parameters: {
    result: string
    secret?: string | undefined
  }): Promise<EmbeddedWalletUser>
}

/** Parameters of {@link createSocialLoginFlow}. */
export type CreateSocialLoginFlowParameters = {
  api: SocialLoginFlowApi
  /** Completes the login once the frame has a session, e.g. `() => connectAsync({ connector })`. */
  connect(): Promise<unknown>
  /** Popup or redirect, and the return page. @default popup, no return page */
  options?: SocialLoginOptions | undefined
  /** Sends the page to the provider (redirect mode). @default location.assign */
  navigate?: ((url: string) => void) | undefined
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
  /**
   * Finishes a redirect-mode login that came back to this page (once; nothing when none did):
   * the frame redeems the result with the secret this tab kept, then `connect` runs.
   */
  resume(): void
}

type ReturnSteps = typeof import('./socialReturn')
// The return page's and redirect's code, loaded when a login has one (not with the modal).
const loadReturnSteps = (): Promise<ReturnSteps> => import('./socialReturn')

/** The login's lifetime when the server names none (its default `flowTtlMs`). */
const defaultLifetimeMs = 600_000

/** Creates the headless social login flow: the reducer plus its effects (SPEC §4 "Social login"). */
export function createSocialLoginFlow(
  parameters: CreateSocialLoginFlowParameters,
): SocialLoginFlow {
  const { api } = parameters
  const now = parameters.now ?? (() => Date.now())
  const openPopup = parameters.openPopup ?? openCenteredPopup
  const navigate = parameters.navigate ?? ((url: string) => location.assign(url))
  const returnPath = parameters.options?.returnPath
  // Redirect mode, until the frame or the tab says it cannot keep what the return needs.
  let redirect = parameters.options?.mode === 'redirect'
  const { store, dispatch } = createMachineStore<SocialLoginState, SocialLoginEvent>({
    reducer: socialLoginReducer,
    initialState: initialSocialLoginState(),
  })
  let current: { popup?: Window | undefined; controller: AbortController } | undefined

  function close(popup: Window | undefined) {
    try {
      popup?.close()
    } catch {
      // already gone
    }
  }

  function stop() {
    if (!current) return
    current.controller.abort()
    close(current.popup)
    current = undefined
  }

  // The frame redeems the result (with a redirect's secret), then wagmi connects.
  async function finish(
    result: string,
    secret: string | undefined,
    attempt: number,
    signal: AbortSignal,
  ) {
    dispatch({ type: 'resultReceived', attempt })
    const user = await api.connectSocial({ result, ...(secret ? { secret } : {}) })
    if (signal.aborted) return
    await parameters.connect()
    dispatch({ type: 'connected', attempt, userName: user.userName })
  }

  function fail(error: unknown, attempt: number, signal: AbortSignal) {
    if (signal.aborted) return
    // the next try opens the provider's window instead (in the click of "Try again")
    if (error instanceof SocialRedirectUnavailableError) redirect = false
    if (error instanceof SocialLoginCancelledError) dispatch({ type: 'cancelled', attempt })
    else dispatch({ type: 'failed', error: toEmbeddedError(error), attempt })
  }

  async function runPopup(
    provider: FrameSocialProvider,
    attempt: number,
    popup: Window,
    signal: AbortSignal,
  ) {
    try {
      // with a return page, the result can come back even if the provider cuts the popup off
      // (its code loads only then: the popup is open already)
      const steps = returnPath === undefined ? undefined : await loadReturnSteps()
      const flow = steps?.randomHandle()
      const returnUrl = flow === undefined ? undefined : steps?.socialReturnUrl(flow, returnPath)
      const { uri, expiresAt } = await api.startSocial({
        provider,
        ...(returnUrl ? { returnUrl } : {}),
      })
      if (signal.aborted) return
      popup.location.replace(uri)
      dispatch({ type: 'authorizing', attempt })
      const result = await waitForSocialResult({
        popup,
        origin: callbackOrigin(uri),
        flow,
        expiresAt: expiresAt ?? now() + defaultLifetimeMs,
        signal,
        onClosed: () => dispatch({ type: 'popupClosed', attempt }),
        now,
      })
      await finish(result, undefined, attempt, signal)
    } catch (error) {
      fail(error, attempt, signal)
    } finally {
      if (current?.popup === popup && !signal.aborted) {
        // the login is over (in or out): the popup has nothing more to show
        close(popup)
        current = undefined
      }
    }
  }

  // Redirect mode: the tab keeps the login's id and secret, then the whole page goes.
  async function runRedirect(provider: FrameSocialProvider, attempt: number, signal: AbortSignal) {
    try {
      const {
        randomHandle,
        socialReturnUrl,
        withoutSocialReturn,
        hashHandle,
        writeSocialRedirect,
      } = await loadReturnSteps()
      const flow = randomHandle()
      const secret = randomHandle()
      const from = withoutSocialReturn(location.href)
      const returnUrl = socialReturnUrl(flow, returnPath, from)
      const { uri, expiresAt } = await api.startSocial({
        provider,
        mode: 'redirect',
        returnUrl,
        secretHash: await hashHandle(secret),
      })
      if (signal.aborted) return
      const record = {
        flow,
        secret,
        provider,
        from,
        expiresAt: expiresAt ?? now() + defaultLifetimeMs,
      }
      if (!writeSocialRedirect(record))
        throw new SocialRedirectUnavailableError({ reason: "the tab's sessionStorage is refused" })
      dispatch({ type: 'authorizing', attempt })
      navigate(uri)
    } catch (error) {
      fail(error, attempt, signal)
    }
  }

  function start(provider: FrameSocialProvider) {
    if (store.getState().status === 'connecting') return
    current?.controller.abort()
    current = undefined
    const controller = new AbortController()
    if (redirect) {
      dispatch({ type: 'start', provider, blocked: false })
      current = { controller }
      void runRedirect(provider, store.getState().attempt, controller.signal)
      return
    }
    // Synchronously, in the click: anything later is a popup the browser blocks.
    const popup = openPopup()
    dispatch({ type: 'start', provider, blocked: popup === null })
    if (!popup) return
    current = { popup, controller }
    void runPopup(provider, store.getState().attempt, popup, controller.signal)
  }

  // A redirect-mode login back on the page: the frame redeems its result with the tab's secret.
  function resumeWith(returned: ReturnType<ReturnSteps['takeSocialRedirect']>) {
    // a provider of SPEC §5 (no zod here: the modal's first chunk carries this file)
    const provider = socialProviders.find((id) => id !== 'farcaster' && id === returned?.provider)
    if (!returned || !provider || provider === 'farcaster') return
    if (store.getState().status === 'connecting') return
    stop()
    const controller = new AbortController()
    current = { controller }
    dispatch({ type: 'resumed', provider })
    const { attempt } = store.getState()
    finish(returned.result, returned.secret, attempt, controller.signal).catch((error: unknown) =>
      fail(error, attempt, controller.signal),
    )
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
    resume() {
      if (store.getState().status === 'connecting' || !hasSocialRedirectRecord()) return
      void loadReturnSteps().then(({ takeSocialRedirect }) => resumeWith(takeSocialRedirect()))
    },
  }
}
