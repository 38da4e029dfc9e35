import type { EmbeddedStore } from '../../src/embeddedWallet/createEmbeddedStore'
import type { SocialLoginOptions } from '../../src/embeddedWallet/createSocialLoginFlow'
import { checkEmailLoginCooldown } from '../../src/embeddedWallet/emailLoginCooldown'
import { fetchSocialProviders } from '../../src/embeddedWallet/fetchSocialProviders'
import { FrameRequestAbortedError } from '../../src/errors/FrameRequestAbortedError'
import type { FrameClient } from '../../src/frame/frameClientTypes'
import type { EmbeddedAccountType, EmbeddedWalletUser } from '../../src/schemas/embeddedWalletTypes'
import type { FrameLoginProvider } from '../../src/schemas/frameValues'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import type { EmbeddedWalletApi, EmbeddedWalletMessage } from './embeddedWalletTypes'

/** What the embedded wallet API needs from its connector. */
export type EmbeddedApiContext = {
  /** The frame client, created and mounted on first need. */
  getFrame(): Promise<FrameClient>
  /** The frame client if it exists already. */
  peekFrame(): FrameClient | undefined
  /** The frame page's URL: the wallet server's public API is beside it. */
  frameUrl: string
  /** The connector's `social` option. */
  social?: SocialLoginOptions | undefined
  store: EmbeddedStore
  /** Emits a `message` event on the connector's wagmi emitter. */
  emit(message: EmbeddedWalletMessage): void
  /** The current user, kept by the connector. */
  getUser(): EmbeddedWalletUser | undefined
  /** Replaces the user (same accounts), e.g. after an email change. */
  setUser(user: EmbeddedWalletUser): void
  /** Replaces the user's accounts after an account type change. */
  onAccountChange(user: EmbeddedWalletUser): void
  /** The clock (ms since epoch). */
  now(): number
}

/** The UI's methods on the embedded wallet (SPEC §4 "Email login", "Email change", "Preferred account type"). */
export function createEmbeddedApi(context: EmbeddedApiContext): EmbeddedWalletApi {
  const { store, emit } = context
  // Asked once per page (the Connect view's buttons), over HTTP: no frame for a visitor who
  // only looks at Connect. A failure is asked again next time.
  let socialProviders: Promise<FrameLoginProvider[]> | undefined

  return {
    async connectEmail({ email }) {
      const last = await store.get('latchkey.embedded.lastEmailLoginAt')
      const refusal = checkEmailLoginCooldown(last, context.now())
      if (refusal) throw refusal
      const frame = await context.getFrame()
      const { action } = await frame.request('CONNECT_EMAIL', { email })
      await store.set('latchkey.embedded.lastEmailLoginAt', context.now())
      if (action === 'VERIFY_OTP') emit({ type: 'embedded:otpSent', data: { email } })
      if (action === 'VERIFY_DEVICE') emit({ type: 'embedded:verifyDevice', data: { email } })
      return { action }
    },
    async connectDevice() {
      const frame = await context.getFrame()
      await frame.request('CONNECT_DEVICE')
    },
    async connectOtp({ otp }) {
      const frame = await context.getFrame()
      await frame.request('CONNECT_OTP', { otp })
    },
    getSocialProviders() {
      socialProviders ??= fetchSocialProviders(context.frameUrl)
      socialProviders.catch(() => {
        socialProviders = undefined
      })
      return socialProviders
    },
    async startSocial({ provider, mode, returnUrl, secretHash }) {
      const frame = await context.getFrame()
      const answer = await frame.request('GET_SOCIAL_REDIRECT_URI', {
        provider,
        ...(mode ? { mode } : {}),
        ...(returnUrl ? { returnUrl } : {}),
        ...(secretHash ? { secretHash } : {}),
      })
      // The page leaves: on its return the connector loads the frame at once (as after a login),
      // and the modal finishes the login.
      if (mode === 'redirect') await store.set('latchkey.embedded.loginUsed', true)
      return answer
    },
    async connectSocial({ result, secret }) {
      const frame = await context.getFrame()
      const type = await store.get('latchkey.embedded.preferredAccountType')
      const user = await frame.request('CONNECT_SOCIAL', {
        result,
        ...(secret ? { secret } : {}),
        ...(type ? { preferredAccountType: type } : {}),
      })
      // SPEC §4: the username is stored (with the provider, SPEC §3 "Stored locally").
      if (user.socialProvider)
        await store.set('latchkey.embedded.socialProvider', user.socialProvider)
      if (user.userName) await store.set('latchkey.embedded.socialUserName', user.userName)
      else await store.remove('latchkey.embedded.socialUserName')
      return user
    },
    async connectFarcaster({ onUri, signal }) {
      const frame = await context.getFrame()
      // SPEC §2: leaving ConnectingFarcaster reloads the frame after 100 ms (its wait ends there).
      const reload = () => setTimeout(() => frame.request('RELOAD').catch(() => {}), 100)
      // SPEC §8: the URI request itself is not aborted; a visitor gone by its answer ends the
      // login here (nothing waits in the frame yet, so there is nothing to reload: a reload now
      // would cut the next login's requests, as React's strict mode starts one right after).
      const { uri } = await frame.request('GET_FARCASTER_URI')
      if (signal?.aborted) throw new FrameRequestAbortedError({ type: 'CONNECT_FARCASTER' })
      onUri(uri)
      signal?.addEventListener('abort', reload, { once: true })
      try {
        const { userName } = await frame.request('CONNECT_FARCASTER', undefined, { signal })
        // SPEC §3 "Stored locally": the provider and the username, as after a social login.
        await store.set('latchkey.embedded.socialProvider', 'farcaster')
        await store.set('latchkey.embedded.socialUserName', userName)
        return { userName }
      } finally {
        signal?.removeEventListener('abort', reload)
      }
    },
    async getSocialLogin() {
      const user = context.getUser()
      const provider = user?.socialProvider ?? (await store.get('latchkey.embedded.socialProvider'))
      if (!provider) return undefined
      const userName = user?.userName ?? (await store.get('latchkey.embedded.socialUserName'))
      return { provider, userName }
    },
    async connectPasskey() {
      const frame = await context.getFrame()
      await frame.request('CONNECT_PASSKEY')
    },
    async registerPasskey() {
      const frame = await context.getFrame()
      return frame.request('REGISTER_PASSKEY')
    },
    async openSecurity() {
      const frame = await context.getFrame()
      await frame.request('OPEN_SECURITY')
    },
    async setupRecovery(options) {
      const frame = await context.getFrame()
      return frame.request('SETUP_RECOVERY', options?.ask ? { ask: true } : undefined)
    },
    async openLogins() {
      const frame = await context.getFrame()
      await frame.request('OPEN_LOGINS')
      // An email added or a provider removed shows on Account: the user as the server has it now.
      const type = await store.get('latchkey.embedded.preferredAccountType')
      const user = await frame.request(
        'GET_USER',
        type ? { preferredAccountType: type } : undefined,
      )
      if (context.getUser()) context.setUser(user)
      return user
    },
    async importWallet() {
      const frame = await context.getFrame()
      const { address } = await frame.request('IMPORT_WALLET')
      // The account's wallet is the imported one now: wagmi's accounts follow.
      const user = context.getUser()
      if (user && user.address.toLowerCase() !== address.toLowerCase()) {
        const type = await store.get('latchkey.embedded.preferredAccountType')
        context.onAccountChange(
          await frame.request('GET_USER', type ? { preferredAccountType: type } : undefined),
        )
      }
      return { address }
    },
    managePasskeys() {
      return context.getFrame().then((frame) => frame.request('MANAGE_PASSKEYS'))
    },
    async signOutEverywhere() {
      const frame = await context.getFrame()
      await frame.request('SIGN_OUT_EVERYWHERE')
    },
    async getUser() {
      const frame = await context.getFrame()
      const type = await store.get('latchkey.embedded.preferredAccountType')
      return frame.request('GET_USER', type ? { preferredAccountType: type } : undefined)
    },
    async updateEmail({ email }) {
      const frame = await context.getFrame()
      return frame.request('UPDATE_EMAIL', { email })
    },
    async updateEmailPrimaryOtp({ otp }) {
      const frame = await context.getFrame()
      await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
    },
    async updateEmailSecondaryOtp({ otp }) {
      const frame = await context.getFrame()
      const { newEmail } = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      await store.set('latchkey.embedded.email', newEmail)
      const user = context.getUser()
      if (user) context.setUser({ ...user, email: newEmail })
      emit({ type: 'embedded:emailUpdated', data: { email: newEmail } })
      return { newEmail }
    },
    // The one reader of the current email: the session's user, else the stored login email.
    async getEmail() {
      return context.getUser()?.email ?? (await store.get('latchkey.embedded.email'))
    },
    getLastEmailLoginAt() {
      return store.get('latchkey.embedded.lastEmailLoginAt')
    },
    async getSmartAccountEnabledNetworks() {
      return (await store.get('latchkey.embedded.smartAccountNetworks')) ?? []
    },
    async setPreferredAccount(requested: EmbeddedAccountType) {
      try {
        const frame = await context.getFrame()
        const { type, address } = await frame.request('SET_PREFERRED_ACCOUNT', { type: requested })
        await store.set('latchkey.embedded.preferredAccountType', type)
        const user = context.getUser()
        if (user) context.onAccountChange({ ...user, address, preferredAccountType: type })
        return type
      } catch (error) {
        // SPEC §4: a refused account type falls back to EOA.
        await store.set('latchkey.embedded.preferredAccountType', 'eoa')
        emit({
          type: 'embedded:preferredAccountFallback',
          data: { requested, message: parseErrorMessage(error) },
        })
        return 'eoa'
      }
    },
    abortPending() {
      return context.peekFrame()?.abortPending() ?? 0
    },
    async syncTheme(theme) {
      const frame = await context.getFrame()
      await frame.request('SYNC_THEME', theme)
    },
    async syncDappData(metadata) {
      const frame = await context.getFrame()
      await frame.request('SYNC_DAPP_DATA', metadata)
    },
    getFrameElement() {
      return context.peekFrame()?.iframe
    },
    get user() {
      return context.getUser()
    },
    social: context.social,
  }
}

/** Fetches the smart-account-enabled networks and stores them; a failure stores an empty list (SPEC §4). */
export async function refreshSmartAccountNetworks(frame: FrameClient, store: EmbeddedStore) {
  try {
    const { smartAccountEnabledNetworks } = await frame.request(
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    )
    await store.set('latchkey.embedded.smartAccountNetworks', smartAccountEnabledNetworks)
  } catch {
    await store.set('latchkey.embedded.smartAccountNetworks', [])
  }
}
