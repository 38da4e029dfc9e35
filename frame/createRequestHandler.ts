import type { FrameRequest } from '../src/schemas/frameRequests'
import type { FrameDappMetadata, FrameTheme } from '../src/schemas/frameValues'
import type { Api } from './createApi'
import type { createApprovalQueue } from './createApprovalQueue'
import type { FrameSession } from './createFrameSession'
import { createSocialHandler } from './createSocialHandler'
import {
  FrameReplyError,
  notAvailableYet,
  rpcNotAllowed,
  themeLocked,
  userRejected,
} from './FrameReplyError'
import type { Security } from './factors/createSecurity'
import type { FactorGate } from './factors/factorGate'
import { createFarcasterHandler } from './farcasterHandler'
import { createRpcHandler } from './handleRpc'
import type { WalletImport } from './importWallet/createWalletImport'
import type { Logins } from './logins/createLogins'
import type { Passkeys } from './passkey/createPasskeys'
import type { RecoverySetup } from './sealed/createRecoverySetup'
import type { SealedCustody } from './sealed/createSealedCustody'

/** What the request handler works with. */
export type RequestHandlerParameters = {
  api: Api
  session: FrameSession
  approvals: ReturnType<typeof createApprovalQueue>
  applyTheme(theme: FrameTheme): void
  setDappData(metadata: FrameDappMetadata): void
  reload(): void
  /** The host page's exact origin (the frame's parent): social logins hand their result to it. */
  parentOrigin: string
  /** The frame's project: its custody mode decides how a new user's wallet is made. */
  projectId?: string | undefined
  /** Sealed custody (docs/security.md): makes a sealed project's wallet after login, signs for it. */
  sealed?: SealedCustody | undefined
  /** A sealed wallet's recovery setup after its first login (SETUP_RECOVERY, frame/sealed/). */
  recoverySetup?: RecoverySetup | undefined
  /** Passkey sign-in, registration, removal and PRF-sealed recovery (frame/passkey/). */
  passkeys?: Passkeys | undefined
  /** The project's second-factor policy (frame/factors/): a factor before large transactions. */
  factorGate?: FactorGate | undefined
  /** The security screens: second factors, recovery codes, export (frame/factors/). */
  security?: Security | undefined
  /** The "Ways to sign in" screen: link or remove an email, a provider, Farcaster (frame/logins/). */
  logins?: Logins | undefined
  /** Imports a recovery phrase or private key as a sealed wallet (frame/importWallet/). */
  importWallet?: WalletImport | undefined
}

type User = { address: string } & Record<string, unknown>

/** Answers each request type of SPEC §7 by calling the server; resolves with the success payload. */
export function createRequestHandler(parameters: RequestHandlerParameters) {
  const { api, session } = parameters
  const handleRpc = createRpcHandler(parameters)
  const social = createSocialHandler(parameters)
  const farcaster = createFarcasterHandler(parameters)

  function requireEmail(): string {
    if (session.email) return session.email
    throw new FrameReplyError({ message: 'Enter your email first.' })
  }

  async function getUser(chainId: number | string): Promise<User> {
    const query = typeof chainId === 'number' ? `?chainId=${chainId}` : ''
    const user = await api<User>(`/user${query}`, { token: session.token })
    session.address = user.address
    return user
  }

  // Kept for older hosts: the server's /connect-device does what /connect-email does (no device link).
  async function connectDevice(): Promise<undefined> {
    await api('/connect-device', { body: { email: requireEmail(), deviceId: session.deviceId } })
    return undefined
  }

  // Only a session this frame made itself counts: the host never sees or hands in a token.
  async function isConnected(): Promise<{ isConnected: boolean }> {
    const token = session.token
    if (!token) return { isConnected: false }
    const { isConnected } = await api<{ isConnected: boolean }>('/is-connected', { token })
    if (!isConnected) session.token = undefined
    return { isConnected }
  }

  return async function handle(request: FrameRequest): Promise<unknown> {
    switch (request.type) {
      case 'SWITCH_NETWORK':
        // The chain never moves under an open approval: cancel it (and the queued ones) first (4001).
        if (request.payload.chainId !== session.chainId)
          parameters.approvals.cancelAll(userRejected)
        session.chainId = request.payload.chainId
        return { chainId: request.payload.chainId }
      case 'CONNECT_EMAIL': {
        const { email } = request.payload
        const answer = await api<{ action: string }>('/connect-email', {
          body: { email, deviceId: session.deviceId },
          token: session.token,
        })
        session.email = email
        return { action: answer.action }
      }
      case 'CONNECT_DEVICE':
        return connectDevice()
      case 'CONNECT_OTP': {
        const email = requireEmail()
        // The new session is bound to a new device key; its token stays in the frame.
        const key = await session.newKey()
        const { token } = await api<{ token: string }>('/connect-otp', {
          body: {
            email,
            deviceId: session.deviceId,
            otp: request.payload.otp,
            ...(parameters.projectId ? { projectId: parameters.projectId } : {}),
          },
          key,
        })
        session.token = token
        // A sealed project's new user: the key is made and split here, now (frame/sealed/).
        await parameters.sealed?.setUp()
        return undefined
      }
      case 'CONNECT_PASSKEY':
        if (!parameters.passkeys) throw notAvailableYet('Passkey login')
        return parameters.passkeys.connect(request.id)
      case 'REGISTER_PASSKEY':
        if (!parameters.passkeys) throw notAvailableYet('Passkeys')
        return parameters.passkeys.register(request.id)
      case 'OPEN_SECURITY':
        if (!parameters.security) throw notAvailableYet('Security settings')
        return parameters.security.open(request.id)
      case 'SETUP_RECOVERY':
        if (!parameters.recoverySetup) return { recovery: 'none' }
        return parameters.recoverySetup(request.id, request.payload?.ask === true)
      case 'OPEN_LOGINS':
        if (!parameters.logins) throw notAvailableYet('Ways to sign in')
        return parameters.logins.open(request.id)
      case 'MANAGE_PASSKEYS':
        if (!parameters.passkeys) throw notAvailableYet('Passkeys')
        return parameters.passkeys.manage(request.id)
      case 'IMPORT_WALLET':
        if (!parameters.importWallet) throw notAvailableYet('Importing a wallet')
        return parameters.importWallet(request.id)
      case 'GET_USER':
        return getUser(request.payload?.chainId ?? session.chainId)
      case 'SIGN_OUT': {
        parameters.passkeys?.forget()
        const { token, key } = session
        session.token = undefined
        session.address = undefined
        if (token) await api('/sign-out', { method: 'POST', body: {}, token, key })
        return undefined
      }
      case 'SIGN_OUT_EVERYWHERE':
        // Every session of the user ends on the server first; then this frame forgets its own.
        await api('/sign-out-everywhere', { body: {}, token: session.token })
        session.token = undefined
        session.address = undefined
        return undefined
      case 'IS_CONNECTED':
        return isConnected()
      case 'GET_CHAIN_ID':
        return { chainId: session.chainId }
      case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
        return { smartAccountEnabledNetworks: await api<number[]>('/smart-account-networks') }
      case 'SET_PREFERRED_ACCOUNT': {
        const { type } = await api<{ type: 'eoa' | 'smartAccount' }>('/preferred-account', {
          body: { type: request.payload.type },
          token: session.token,
        })
        const address = session.address ?? (await getUser(session.chainId)).address
        return { type, address }
      }
      case 'RPC_REQUEST':
        return handleRpc(request.id, request.payload.method, request.payload.params)
      case 'UPDATE_EMAIL': {
        // The email is a way in: the policy may want a second factor first (its own screen).
        const factorProof = await parameters.factorGate?.inQueue(
          parameters.approvals,
          request.id,
          'email-change',
        )
        return api('/update-email', {
          body: { email: request.payload.email, ...(factorProof ? { factorProof } : {}) },
          token: session.token,
        })
      }
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        await api('/update-email/primary-otp', {
          body: { otp: request.payload.otp },
          token: session.token,
        })
        return undefined
      case 'UPDATE_EMAIL_SECONDARY_OTP':
        return api('/update-email/secondary-otp', {
          body: { otp: request.payload.otp },
          token: session.token,
        })
      case 'SYNC_THEME':
        // The approval screen's look is fixed while it is open (issue 8, camouflage).
        if (parameters.approvals.pending > 0) throw themeLocked()
        parameters.applyTheme(request.payload)
        return undefined
      case 'SYNC_DAPP_DATA':
        parameters.setDappData(request.payload)
        return undefined
      case 'CANCEL_APPROVAL':
        return { cancelled: parameters.approvals.cancel(request.payload.id) }
      case 'RELOAD':
        parameters.reload()
        return undefined
      case 'GET_SOCIAL_PROVIDERS':
        return social.providers()
      case 'GET_SOCIAL_REDIRECT_URI':
        return social.start(request.payload)
      case 'CONNECT_SOCIAL':
        await social.connect(request.payload.result, request.payload.secret)
        return getUser(request.payload.chainId ?? session.chainId)
      case 'GET_FARCASTER_URI':
        return farcaster.uri()
      case 'CONNECT_FARCASTER':
        return farcaster.connect()
      case 'INIT_SMART_ACCOUNT':
        throw notAvailableYet('Smart accounts')
      default:
        throw rpcNotAllowed()
    }
  }
}
