import { InvalidDeviceProofError } from '../../src/errors/InvalidDeviceProofError'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomId, randomToken } from '../crypto/random'
import type { SessionRecord, UserRecord } from '../storage/types'
import { type ProofRequest, type ProvenKey, verifyRequestProof } from './verifyRequestProof'

/** A signed-in request: its session and user. */
export interface Auth {
  session: SessionRecord
  user: UserRecord
}

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'keys'>

/**
 * Starts a session bound to the device key that signed the login's proof; returns the token
 * (256 random bits), of which only the hash is stored. The token alone authorizes nothing.
 */
export async function createSession(
  context: Context,
  { userId, deviceId, deviceKey }: { userId: string; deviceId: string; deviceKey: ProvenKey },
): Promise<string> {
  const token = randomToken()
  const now = context.now()
  const id = randomId()
  await context.storage.sessionKeys.createSession(
    {
      id,
      userId,
      deviceId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: now + context.options.sessionTtlMs,
    },
    {
      sessionId: id,
      thumbprint: deviceKey.thumbprint,
      jwk: JSON.stringify(deviceKey.jwk),
      createdAt: now,
    },
  )
  return token
}

/**
 * The session of a token, or undefined when unknown or expired. The token alone proves nothing:
 * requests use {@link findProvenSession} / {@link requireProvenSession} (device proof).
 */
export async function findSession(context: Context, token: string): Promise<Auth | undefined> {
  if (!token) return undefined
  const session = await context.storage.sessions.findByTokenHash(sha256Hex(token))
  if (!session || session.expiresAt <= context.now()) return undefined
  const user = await context.storage.users.findById(session.userId)
  return user ? { session, user } : undefined
}

/**
 * The session of a bearer token, when the request also carries a valid proof signed by the
 * session's device key; undefined when there is no token or it is unknown or expired. A token
 * without its proof (or with a bad one) throws `InvalidDeviceProofError` / `DeviceProofNonceError`.
 */
export async function findProvenSession(
  context: Context,
  token: string | undefined,
  request: ProofRequest,
): Promise<Auth | undefined> {
  const auth = token ? await findSession(context, token) : undefined
  if (!auth) return undefined
  const key = await context.storage.sessionKeys.find(auth.session.id)
  if (!key)
    throw new InvalidDeviceProofError({ reason: 'The session has no device key; sign in again.' })
  await verifyRequestProof(context, request, { thumbprint: key.thumbprint })
  return auth
}

/** {@link findProvenSession}, throwing `InvalidSessionError` when there is no live session. */
export async function requireProvenSession(
  context: Context,
  token: string | undefined,
  request: ProofRequest,
): Promise<Auth> {
  const auth = await findProvenSession(context, token, request)
  if (!auth) throw new InvalidSessionError()
  return auth
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1]
}
