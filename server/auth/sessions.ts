import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomId, randomToken } from '../crypto/random'
import type { SessionRecord, UserRecord } from '../storage/types'

/** A signed-in request: its session and user. */
export interface Auth {
  session: SessionRecord
  user: UserRecord
}

type Context = Pick<ServerContext, 'storage' | 'now' | 'options'>

/** Starts a session; returns the token (256 random bits), of which only the hash is stored. */
export async function createSession(
  context: Context,
  { userId, deviceId }: { userId: string; deviceId: string },
): Promise<string> {
  const token = randomToken()
  const now = context.now()
  await context.storage.sessions.create({
    id: randomId(),
    userId,
    deviceId,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: now + context.options.sessionTtlMs,
  })
  return token
}

/** The session of a token, or undefined when unknown or expired. */
export async function findSession(context: Context, token: string): Promise<Auth | undefined> {
  if (!token) return undefined
  const session = await context.storage.sessions.findByTokenHash(sha256Hex(token))
  if (!session || session.expiresAt <= context.now()) return undefined
  const user = await context.storage.users.findById(session.userId)
  return user ? { session, user } : undefined
}

/** The session of a token; throws `InvalidSessionError` when there is none. */
export async function requireSession(context: Context, token: string | undefined): Promise<Auth> {
  const auth = token ? await findSession(context, token) : undefined
  if (!auth) throw new InvalidSessionError()
  return auth
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1]
}
