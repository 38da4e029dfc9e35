import type { Api } from '../createApi'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'

/** One way to sign in, as `GET /v1/logins` lists it (server/API.md "Linked logins"). */
export type LinkedLogin =
  | { kind: 'email'; email: string }
  | { kind: 'social'; provider: string; userName: string | null; email: string | null }

/** What the "Ways to sign in" screen shows. */
export type LoginsState = {
  logins: LinkedLogin[]
  /** The logins the server offers (social providers, `farcaster` when it is on). */
  providers: string[]
  /** How many passkeys the account has (they are managed in Security). */
  passkeys: number
}

type FarcasterAnswer =
  | { status: 'pending' }
  | { status: 'linked'; fid: number; userName: string | null }

/** The second factor's proof in a body, when the policy wanted one (server/API.md "Second factors"). */
const proofOf = (factorProof: string | undefined) => (factorProof ? { factorProof } : {})

/**
 * The calls of the "Ways to sign in" screen, each with the frame's session (its token and its
 * device key's proof): nothing of it goes through the host page.
 */
export function createLoginsApi(
  api: Api,
  session: FrameSession,
  { parentOrigin, projectId }: { parentOrigin: string; projectId?: string | undefined },
) {
  const project = projectId ? { projectId } : {}
  const token = () => {
    if (!session.token) throw new FrameReplyError({ message: 'Sign in first.' })
    return session.token
  }
  return {
    async load(): Promise<LoginsState> {
      const [listed, offered, passkeys] = await Promise.all([
        api<{ logins: LinkedLogin[] }>('/logins', { token: token() }),
        api<{ providers: string[] }>('/social/providers'),
        api<{ passkeys: unknown[] }>('/passkeys', { token: token() }).catch(() => ({
          passkeys: [],
        })),
      ])
      return {
        logins: listed.logins,
        providers: offered.providers,
        passkeys: passkeys.passkeys.length,
      }
    },
    async unlink(login: LinkedLogin, factorProof?: string): Promise<void> {
      const body =
        login.kind === 'email' ? { kind: 'email' } : { kind: 'social', provider: login.provider }
      await api('/logins/unlink', { body: { ...body, ...proofOf(factorProof) }, token: token() })
    },
    /** Mails a code to `email` (a user without one adds it: one code, to the new address). */
    async sendEmailCode(email: string, factorProof?: string): Promise<void> {
      await api('/update-email', { body: { email, ...proofOf(factorProof) }, token: token() })
    },
    async confirmEmail(otp: string): Promise<{ newEmail: string }> {
      return api('/update-email/secondary-otp', { body: { otp }, token: token() })
    },
    /**
     * Starts linking a provider for a popup the frame opened: the result comes back to this
     * frame's own origin (the wallet's), never to the host.
     */
    async startSocial(provider: string, factorProof?: string): Promise<{ uri: string }> {
      return api('/social/start', {
        body: {
          ...proofOf(factorProof),
          provider,
          deviceId: session.deviceId,
          origin: location.origin,
          link: true,
          ...project,
        },
        token: token(),
      })
    },
    async connectSocial(result: string): Promise<{ provider: string; userName: string | null }> {
      return api('/social/connect', {
        body: { result, deviceId: session.deviceId, ...project },
        token: token(),
      })
    },
    /** Starts linking a fid: the sign-in message names the host's domain, as a login's does. */
    async startFarcaster(factorProof?: string): Promise<{ uri: string; flow: string }> {
      return api('/farcaster/start', {
        body: {
          deviceId: session.deviceId,
          origin: parentOrigin,
          link: true,
          ...project,
          ...proofOf(factorProof),
        },
        token: token(),
      })
    },
    async connectFarcaster(flow: string): Promise<FarcasterAnswer> {
      return api('/farcaster/connect', {
        body: { flow, deviceId: session.deviceId, ...project },
        token: token(),
      })
    },
  }
}

/** The calls of the "Ways to sign in" screen. */
export type LoginsApi = ReturnType<typeof createLoginsApi>
