import { randomBytes } from 'node:crypto'
import {
  type SecondFactorAction,
  SecondFactorRequiredError,
} from '../../src/errors/SecondFactorRequiredError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options'>

/** What a proof is for: one action and, for a transaction, its request hash. */
export interface FactorScope {
  action: SecondFactorAction
  subject?: string | undefined
}

/** Whether the user has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(
  context: Pick<ServerContext, 'storage'>,
  userId: string,
): Promise<boolean> {
  const [totp, passkeys] = await Promise.all([
    context.storage.totp.find(userId),
    context.storage.passkeys.findByUser(userId),
  ])
  return Boolean(totp?.confirmedAt) || passkeys.length > 0
}

/**
 * A fresh proof that the session's user just gave a second factor, for `scope` only: 256 random
 * bits (only the hash is stored), good for `secondFactor.proofTtlMs` and taken once.
 */
export async function issueFactorProof(
  context: Context,
  auth: Auth,
  scope: FactorScope,
): Promise<{ factorProof: string; expiresAt: number }> {
  const factorProof = randomBytes(32).toString('base64url')
  const now = context.now()
  const expiresAt = now + context.options.secondFactor.proofTtlMs
  await context.storage.factorProofs.create({
    proofHash: sha256Hex(factorProof),
    userId: auth.user.id,
    sessionId: auth.session.id,
    action: scope.action,
    subject: scope.subject ?? null,
    createdAt: now,
    expiresAt,
  })
  return { factorProof, expiresAt }
}

/**
 * Takes the request's proof for `scope`, once: missing, expired, used, or made for another
 * session, user, action or request throws {@link SecondFactorRequiredError} (a proof of another
 * scope is burnt too: it was shown to the wrong request). A user without any second factor is
 * refused with `NOT_ENROLLED` before any proof is looked at.
 */
export async function requireFactorProof(
  context: Context,
  auth: Auth,
  scope: FactorScope,
  factorProof: string | undefined,
): Promise<void> {
  const { action } = scope
  if (!(await hasSecondFactor(context, auth.user.id)))
    throw new SecondFactorRequiredError({ action, reason: 'NOT_ENROLLED' })
  if (!factorProof) throw new SecondFactorRequiredError({ action, reason: 'MISSING' })
  const proof = await context.storage.factorProofs.consume(sha256Hex(factorProof), context.now())
  const fits =
    proof !== undefined &&
    proof.userId === auth.user.id &&
    proof.sessionId === auth.session.id &&
    proof.action === action &&
    proof.subject === (scope.subject ?? null)
  if (!fits) throw new SecondFactorRequiredError({ action, reason: 'STALE' })
}
