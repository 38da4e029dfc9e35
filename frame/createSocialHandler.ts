import { SocialRedirectUnavailableError } from '../src/errors/SocialRedirectUnavailableError'
import { frameLoginProviderSchema } from '../src/schemas/frameValues'
import type { Api } from './createApi'
import type { PendingDeviceKey } from './createDeviceKeyStore'
import type { FrameSession } from './createFrameSession'
import { FrameReplyError } from './FrameReplyError'
import type { SealedCustody } from './sealed/createSealedCustody'

/** GET_SOCIAL_REDIRECT_URI's payload. */
export type SocialStartRequest = {
  provider: string
  mode?: 'popup' | 'redirect' | undefined
  returnUrl?: string | undefined
  secretHash?: string | undefined
}

/** What the social login requests work with. */
export type SocialHandlerParameters = {
  api: Api
  session: FrameSession
  /** The host page's exact origin (the frame's parent): the only origin the result goes to. */
  parentOrigin: string
  projectId?: string | undefined
  sealed?: SealedCustody | undefined
}

/**
 * Social login in the frame (SPEC §4 "get the redirect URI, connect with the social uri"): the
 * login is started with a new device key, for the parent's origin the browser reported (never one
 * the host names); the callback hands the host only a result handle, which the frame redeems
 * with that same key. The code, the PKCE verifier and the session token stay on the server and
 * in this frame.
 */
export function createSocialHandler({
  api,
  session,
  parentOrigin,
  projectId,
  sealed,
}: SocialHandlerParameters) {
  const project = projectId ? { projectId } : {}
  // The key of the login started last (one at a time: a new start replaces it).
  let pending: PendingDeviceKey | undefined
  return {
    /** The configured logins SPEC §5 knows (Farcaster among them), in the server's order. */
    async providers(): Promise<{ providers: string[] }> {
      const { providers } = await api<{ providers: unknown[] }>('/social/providers')
      return {
        providers: providers.filter((id) => frameLoginProviderSchema.safeParse(id).success),
      } as { providers: string[] }
    },

    /**
     * Starts a login bound to a new device key, kept aside: the frame's current session (if any)
     * stays until the login succeeds, so a cancelled or failed social login signs nobody out.
     */
    async start(request: SocialStartRequest): Promise<{ uri: string; expiresAt: number }> {
      const { provider, mode, returnUrl, secretHash } = request
      // The result may only come back to a page of the parent's own origin.
      if (returnUrl !== undefined && new URL(returnUrl).origin !== parentOrigin)
        throw new FrameReplyError({ message: "The return page must be on the host page's origin." })
      const next = await session.pendingKey()
      // Redirect mode: the page (and this frame) goes; the key must wait in storage for its return.
      if (mode === 'redirect' && !(await session.setAside(next)))
        throw new SocialRedirectUnavailableError({
          reason: "the wallet frame's storage is blocked in this browser",
        })
      const answer = await api<{ uri: string; expiresAt: number }>('/social/start', {
        body: {
          provider,
          deviceId: session.deviceId,
          origin: parentOrigin,
          ...(mode ? { mode } : {}),
          ...(returnUrl ? { returnUrl } : {}),
          ...(secretHash ? { secretHash } : {}),
          ...project,
        },
        key: next.key,
      })
      pending = next
      return answer
    },

    /**
     * Redeems the result handle with the key that started the login (this frame's, or the one a
     * frame before a redirect set aside); the token stays here.
     */
    async connect(result: string, secret: string | undefined): Promise<void> {
      const next = pending ?? (await session.takeAside())
      if (!next) throw new FrameReplyError({ message: 'Start the social login first.' })
      const { token } = await api<{ token: string }>('/social/connect', {
        body: { result, deviceId: session.deviceId, ...(secret ? { secret } : {}), ...project },
        key: next.key,
      })
      pending = undefined
      await session.adopt(next, token)
      // A sealed project's new user: the key is made and split here, now (frame/sealed/).
      await sealed?.setUp()
    },
  }
}
