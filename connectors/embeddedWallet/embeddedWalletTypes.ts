import type { EmailLoginFlowApi } from '../../src/embeddedWallet/createEmailLoginFlow'
import type {
  SocialLoginFlowApi,
  SocialLoginOptions,
} from '../../src/embeddedWallet/createSocialLoginFlow'
import type { FrameTimeouts } from '../../src/frame/defaultFrameTimeouts'
import type { FrameClientEvents } from '../../src/frame/frameClientTypes'
import type { EmbeddedAccountType, EmbeddedWalletUser } from '../../src/schemas/embeddedWalletTypes'
import type { FrameDappMetadata, FrameTheme } from '../../src/schemas/frameValues'

/** The connector's event handlers the session subscribes to the provider. */
export interface EmbeddedWalletHandlers {
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: string): void
  onDisconnect(): void
}

/**
 * What the UI calls on the embedded wallet beyond wagmi's connector methods: the email and social
 * flows' calls (see `EmailLoginFlowApi`, `SocialLoginFlowApi`) and the rest.
 */
export interface EmbeddedWalletApi extends EmailLoginFlowApi, SocialLoginFlowApi {
  /**
   * Ends every session of the user on the server (all devices, this one included); call wagmi's
   * `disconnect` after it to sign this page out too.
   */
  signOutEverywhere(): Promise<void>
  /**
   * Signs in with a passkey alone: the frame shows its passkey screen (an `embedded:approval`
   * message with method `passkey_login`: show the frame), the visitor clicks; call wagmi's
   * `connect` after it, as after the email code.
   */
  connectPasskey(): Promise<void>
  /**
   * Adds a passkey to the signed-in account (frame screen, method `passkey_register`); `prf`:
   * the passkey also seals the sealed wallet's recovery share.
   */
  registerPasskey(): Promise<{ prf: boolean }>
  /**
   * Opens the frame's security screens (method `security`: show the frame): second factors,
   * recovery codes and the export of the key, all inside the wallet origin; resolves with
   * nothing once the visitor closes them.
   */
  openSecurity(): Promise<void>
  /**
   * A sealed wallet's recovery password: resolves with `set`, `missing` (not set yet: a lost
   * device share would lose the wallet) or `none` (not a sealed wallet). With `ask`, a missing
   * one is offered first on the frame's "Protect your wallet" screen (method `recovery_setup`:
   * show the frame); the visitor may skip it (then `missing`).
   */
  setupRecovery(options?: { ask?: boolean }): Promise<{ recovery: 'none' | 'set' | 'missing' }>
  /**
   * Opens the frame's "Ways to sign in" screen (method `logins`: show the frame): the email and
   * provider accounts that open this wallet; the visitor links another (an email by code, a
   * provider in a window of the wallet's origin, Farcaster by QR code) or removes one, never the
   * last. The session and every result stay in the frame; resolves with the signed-in user as
   * the server now knows it once the visitor closes the screen.
   */
  openLogins(): Promise<EmbeddedWalletUser>
  /**
   * Opens the frame's import screen (method `wallet_import`: show the frame): the visitor types
   * a recovery phrase or private key there, and it becomes the account's sealed wallet, same
   * address. Resolves with that address (the connector's accounts follow); Cancel rejects with a
   * `FrameRequestError` of code 4001, a missing second factor with `SecondFactorRequiredError`.
   * Only a project in `sealed` custody imports.
   */
  importWallet(): Promise<{ address: string }>
  /**
   * Opens the frame's passkey list (method `passkey_manage`: show the frame), where the visitor
   * removes a passkey (after a second factor where the project's policy wants one); resolves
   * with how many passkeys the account has when they close it.
   */
  managePasskeys(): Promise<{ passkeys: number }>
  /** Asks the frame for the signed-in user. */
  getUser(): Promise<EmbeddedWalletUser>
  /** The current login email: the signed-in user's, else the stored one (Account shows it). */
  getEmail(): Promise<string | undefined>
  /** When the last email login was triggered, for a cooldown countdown. */
  getLastEmailLoginAt(): Promise<number | undefined>
  /**
   * SPEC §4 "Farcaster login: get the URI, then connect". The frame opens a relay channel for this
   * page's domain and `onUri` gets its URL (show it as a QR code and a link: the visitor's
   * Farcaster app signs there); then it waits, up to the approval deadline, until the visitor
   * signed and the frame has a session. Call wagmi's `connect` after it. Abort `signal` when the
   * visitor leaves: the frame is reloaded 100 ms later (SPEC §2), which ends the wait.
   */
  connectFarcaster(parameters: {
    onUri(uri: string): void
    signal?: AbortSignal | undefined
  }): Promise<{ userName: string }>
  /** The social login of this browser (SPEC §3 "Stored locally"): provider and username. */
  getSocialLogin(): Promise<{ provider: string; userName: string | undefined } | undefined>
  /** Chain ids with smart accounts enabled (empty after a failed fetch). */
  getSmartAccountEnabledNetworks(): Promise<number[]>
  /** Sets the account type; falls back to EOA when the frame refuses (resolves with the type in use). */
  setPreferredAccount(type: EmbeddedAccountType): Promise<EmbeddedAccountType>
  /** Aborts pending requests other than safe reads ('Request was aborted'); returns how many. */
  abortPending(): number
  /** Sends the modal's theme to the frame, so its approval screen matches the modal. */
  syncTheme(theme: FrameTheme): Promise<void>
  /** Sends the dapp's name and metadata to the frame (shown beside the origin on approvals). */
  syncDappData(metadata: FrameDappMetadata): Promise<void>
  /** The frame's iframe, for the ApproveTransaction view (undefined before the frame exists). */
  getFrameElement(): HTMLIFrameElement | undefined
  /** The user of the current session, once connected. */
  readonly user: EmbeddedWalletUser | undefined
  /** The connector's `social` option (popup or redirect, the return page). */
  readonly social: SocialLoginOptions | undefined
}

/** The `message` events the embedded wallet emits on its wagmi emitter, for the UI. */
export type EmbeddedWalletMessage =
  /**
   * The frame shows (pending) or took down (not pending) its approval screen for request `id`;
   * a last message with `outcome` follows once the request settled.
   */
  | { type: 'embedded:approval'; data: FrameClientEvents['approval'] }
  /** A one-time code was mailed for a login. */
  | { type: 'embedded:otpSent'; data: { email: string } }
  /** A device verification link was mailed. */
  | { type: 'embedded:verifyDevice'; data: { email: string } }
  /** An email change finished. */
  | { type: 'embedded:emailUpdated'; data: { email: string } }
  /** The frame refused the smart account; the wallet stays an EOA ('This application might not support Smart Accounts'). */
  | {
      type: 'embedded:preferredAccountFallback'
      data: { requested: EmbeddedAccountType; message: string }
    }
  /**
   * A redirect-mode social login came back to this page: the modal opens to finish it
   * (`useSocialLogin().resume()` headless).
   */
  | { type: 'embedded:socialRedirect'; data: { provider: string } }
  /** The frame did not load, or a request timed out (SPEC §8 alerts). */
  | {
      type: 'embedded:timeout'
      data: {
        reason: 'iframe_load_failed' | 'iframe_request_timeout'
        request?: string | undefined
      }
    }

/** Options of `embeddedWallet()`. */
export interface EmbeddedWalletParameters {
  /** URL of the frame page on your Latchkey server, e.g. `https://wallet.example.com/frame`. */
  frameUrl: string
  /** Project id passed to the frame (the server checks allowed origins per project). */
  projectId?: string | undefined
  /** Chain ids the embedded wallet may use. @default every chain of the wagmi config */
  chains?: readonly number[] | undefined
  /** Whether the frame logs to its console. @default false */
  enableLogger?: boolean | undefined
  /**
   * Where the visitor approves requests: `frame` (inside the iframe where the browser can prove
   * the screen is fully visible, else in a popup of the wallet origin) or `popup` (always in a
   * popup window of the wallet origin: safer). @default 'frame'
   */
  approvals?: 'frame' | 'popup' | undefined
  /** Overrides of the frame's waits and deadlines, in ms (tests). */
  timeouts?: Partial<FrameTimeouts> | undefined
  /**
   * Social login: `mode` `'popup'` (default) or `'redirect'` (the whole page goes to the provider
   * and comes back), and `returnPath`, a page of your origin that calls `handleSocialReturn()`
   * (the return of a redirect, and of a popup a provider's strict COOP cut off). See the README.
   */
  social?: SocialLoginOptions | undefined
  /** Element the hidden iframe is appended to. @default document.body */
  container?: HTMLElement | (() => HTMLElement | null | undefined) | undefined
}
