import { randomBytes } from 'node:crypto'
import { FarcasterRelayError } from '../../src/errors/FarcasterRelayError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import type { ProvenKey } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomId, randomToken } from '../crypto/random'
import type { FarcasterEngine } from './createFarcasterEngine'

/** What the frame sends to start a Farcaster login for its host page. */
export interface StartFarcasterLoginParams {
  deviceId: string
  /** The host page's exact origin (the frame's parent): the message's URI, its host the domain. */
  origin: string
  projectId: string
  /** The signed-in user the fid is to be linked to (a session started it: issue 14). */
  linkUserId?: string | undefined
}

/** The domain and URI a login's sign-in message must name: the host page's. */
export function farcasterMessageTarget(origin: string): { domain: string; uri: string } {
  return { domain: new URL(origin).host, uri: origin }
}

/**
 * Starts a Farcaster login (SPEC §4 "get the URI"): opens a relay channel for a sign-in message
 * with the host's domain and a server nonce (128 bits, letters and digits as EIP-4361 wants), and
 * stores the flow bound to the device key that signed the request. The channel token never leaves
 * the server; the frame gets a handle to connect with, the host only the channel's URL.
 * @throws {OriginNotAllowedError} when the host is not an allowed origin of the project.
 * @throws {FarcasterRelayError} when the relay does not open the channel with this nonce.
 */
export async function startFarcasterLogin(
  context: ServerContext,
  engine: FarcasterEngine,
  params: StartFarcasterLoginParams,
  deviceKey: ProvenKey,
): Promise<{ uri: string; flow: string; expiresAt: number }> {
  if (!context.originPolicy.isOriginAllowed(params.projectId, params.origin))
    throw new OriginNotAllowedError({ origin: params.origin })
  const now = context.now()
  const expiresAt = now + engine.options.flowTtlMs
  const nonce = randomBytes(16).toString('hex')
  const { domain, uri } = farcasterMessageTarget(params.origin)
  const channel = await engine.relay.createChannel({
    siweUri: uri,
    domain,
    nonce,
    expirationTime: new Date(expiresAt).toISOString(),
  })
  if (channel.nonce !== nonce)
    throw new FarcasterRelayError({ reason: 'channel: the relay replaced the nonce.' })
  const flow = randomToken()
  const state = sha256Hex(randomToken())
  // A social flow of provider 'farcaster': its verifier is the channel token; it is answered at
  // once (with the frame's handle as its result), so no provider callback can answer it later.
  await context.storage.socialFlows.create({
    id: randomId(),
    stateHash: state,
    provider: 'farcaster',
    deviceId: params.deviceId,
    thumbprint: deviceKey.thumbprint,
    codeVerifier: channel.channelToken,
    nonce,
    mode: 'popup',
    origin: params.origin,
    returnUrl: null,
    linkUserId: params.linkUserId ?? null,
    secretHash: null,
    resultHash: null,
    code: null,
    error: null,
    createdAt: now,
    expiresAt,
    returnedAt: null,
    consumedAt: null,
  })
  const answer = { resultHash: sha256Hex(flow), code: null, error: null }
  if (!(await context.storage.socialFlows.answer(state, answer, now)))
    throw new FarcasterRelayError({ reason: 'channel: the login could not be stored.' })
  return { uri: channel.url, flow, expiresAt }
}
