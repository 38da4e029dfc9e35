import { parseSiwxMessage } from '../../src/siwx/parseSiwxMessage'
import { parseDateTime } from '../../src/siwx/siwxGrammar'
import type { SiwxSession } from '../../src/siwx/types'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomToken } from '../crypto/random'
import type { SiwxSessionRecord } from '../storage/types'

type Context = Pick<ServerContext, 'storage' | 'now'>

/** A signed-in visitor: the stored row and the session as the client adapter reads it. */
export interface SiwxAuth {
  record: SiwxSessionRecord
  session: SiwxSession
}

/**
 * Stores a verified session bound to the project, chain and address; returns its token (256
 * random bits, only the SHA-256 is stored) and its end: the message's `expirationTime` or
 * `maxTtl` from now, whichever comes first.
 */
export async function startSiwxSession(
  context: Context,
  { projectId, session, maxTtl }: { projectId: string; session: SiwxSession; maxTtl: number },
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken()
  const now = context.now()
  const { expirationTime } = session.data
  const expires = expirationTime === undefined ? undefined : parseDateTime(expirationTime)
  const expiresAt = Math.min(now + maxTtl, expires ?? Number.POSITIVE_INFINITY)
  await context.storage.siwxSessions.create({
    tokenHash: sha256Hex(token),
    projectId,
    chainId: session.data.chainId,
    address: session.data.accountAddress,
    message: session.message,
    signature: session.signature,
    createdAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The live session of a token in the project, or undefined (unknown, expired or unreadable). */
export async function findSiwxSession(
  context: Context,
  projectId: string,
  token: string | undefined,
): Promise<SiwxAuth | undefined> {
  if (!token) return undefined
  const record = await context.storage.siwxSessions.findByTokenHash(projectId, sha256Hex(token))
  if (!record || record.expiresAt <= context.now()) return undefined
  try {
    const data = parseSiwxMessage(record.message)
    return { record, session: { data, message: record.message, signature: record.signature } }
  } catch {
    return undefined
  }
}

/** Ends the session of a token (idempotent). */
export async function endSiwxSession(context: Context, token: string): Promise<void> {
  await context.storage.siwxSessions.delete(sha256Hex(token))
}
