import { setTimeout as sleep } from 'node:timers/promises'
import { FarcasterLoginInvalidError } from '../../src/errors/FarcasterLoginInvalidError'
import { createSession } from '../auth/sessions'
import type { ProvenKey } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { findOrCreateSocialUser } from '../social/findOrCreateSocialUser'
import type { SocialFlowRecord } from '../storage/types'
import type { FarcasterEngine } from './createFarcasterEngine'
import type { FarcasterChannelStatus } from './farcasterRelay'
import { linkFarcasterIdentity } from './linkFarcasterIdentity'
import { farcasterMessageTarget } from './startFarcasterLogin'
import { verifyFarcasterAnswer } from './verifyFarcasterAnswer'

/** What a connect call answers: still waiting for the visitor, or the new session. */
export type ConnectFarcasterAnswer =
  | { status: 'pending'; expiresAt: number }
  | { status: 'connected'; token: string; fid: number; userName: string | null }
  /** A link flow's end: the fid now signs in to the caller's wallet too (no new session). */
  | { status: 'linked'; fid: number; userName: string | null }

/** The flow of a handle, if it is this session's, live and unused. */
async function ownFlow(
  context: ServerContext,
  params: { flow: string; deviceId: string },
  deviceKey: ProvenKey,
): Promise<SocialFlowRecord> {
  const flow = await context.storage.socialFlows.findByResult(sha256Hex(params.flow))
  if (flow?.provider !== 'farcaster')
    throw new FarcasterLoginInvalidError({ reason: 'The login is unknown.' })
  if (flow.thumbprint !== deviceKey.thumbprint || flow.deviceId !== params.deviceId)
    throw new FarcasterLoginInvalidError({
      reason: 'The login was started by another frame session.',
    })
  if (flow.consumedAt !== null || flow.expiresAt <= context.now())
    throw new FarcasterLoginInvalidError({ reason: 'The login was used before, or it expired.' })
  return flow
}

/** Asks the relay until the channel completes, the call's wait is over or the server drains. */
async function waitForChannel(
  context: ServerContext,
  engine: FarcasterEngine,
  flow: SocialFlowRecord,
): Promise<FarcasterChannelStatus> {
  const { waitMs, pollIntervalMs } = engine.options
  const until = Math.min(Date.now() + waitMs, Date.now() + (flow.expiresAt - context.now()))
  for (;;) {
    const status = await engine.relay.status(flow.codeVerifier)
    if (status.state === 'completed') return status
    if (context.lifecycle.draining || Date.now() + pollIntervalMs > until) return status
    await sleep(pollIntervalMs)
  }
}

/**
 * Connect Farcaster (SPEC §4 "Farcaster login: get the URI, then connect"): the frame session that
 * started the login (same device key and device id) asks; the server polls the relay for up to
 * `waitMs`, then answers `pending`, or verifies the signed message (`verifyFarcasterAnswer`),
 * uses the flow once and signs the fid's user in with a session bound to that key. The identity
 * is keyed on the fid; the username is only reported (a name can change hands, a fid cannot).
 * A link flow (started by a session with `link: true`) attaches the fid to that session's user
 * instead, for the same session only, and starts no new one.
 */
export async function connectFarcaster(
  context: ServerContext,
  engine: FarcasterEngine,
  params: { flow: string; deviceId: string; projectId?: string | undefined },
  deviceKey: ProvenKey,
  /** The user of the session the request carries (a link flow needs the one that started it). */
  sessionUserId?: string | undefined,
): Promise<ConnectFarcasterAnswer> {
  const flow = await ownFlow(context, params, deviceKey)
  if (flow.linkUserId !== null && flow.linkUserId !== sessionUserId)
    throw new FarcasterLoginInvalidError({
      reason: 'The link was started by another signed-in session.',
    })
  const status = await waitForChannel(context, engine, flow)
  if (status.state === 'pending') return { status: 'pending', expiresAt: flow.expiresAt }
  const { domain, uri } = farcasterMessageTarget(flow.origin)
  const { fid } = await verifyFarcasterAnswer(
    status,
    { domain, uri, nonce: flow.nonce, now: context.now() },
    engine.chain,
  )
  if (!(await context.storage.socialFlows.consume(flow.id, context.now())))
    throw new FarcasterLoginInvalidError({ reason: 'The login was used before, or it expired.' })
  const username = status.username || null
  if (flow.linkUserId !== null) {
    await linkFarcasterIdentity(context, flow.linkUserId, fid, username)
    return { status: 'linked', fid, userName: username }
  }
  const { userId } = await findOrCreateSocialUser(
    context,
    'farcaster',
    { subject: String(fid), email: null, emailVerified: false, username },
    params.projectId,
  )
  const token = await createSession(context, { userId, deviceId: flow.deviceId, deviceKey })
  return { status: 'connected', token, fid, userName: username }
}
