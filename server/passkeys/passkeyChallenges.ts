import { randomBytes } from 'node:crypto'
import { PasskeyChallengeError } from '../../src/errors/PasskeyChallengeError'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import type { WebauthnChallengeRecord } from '../storage/types'
import { challengeOf } from './webauthnSchemas'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'publicUrl'>

/** The relying party: the wallet origin, where the frame runs (the `passkeys` option). */
export function relyingParty(context: Pick<ServerContext, 'options' | 'publicUrl'>) {
  const { passkeys } = context.options
  const origin = new URL(passkeys.origin ?? context.publicUrl()).origin
  return { origin, rpId: passkeys.rpId ?? new URL(origin).hostname, rpName: passkeys.rpName }
}

/**
 * A new challenge (256 random bits) for one step, bound to the device key that asked (and the
 * user, to register); only its hash is stored, until it is answered or expires.
 */
export async function issueChallenge(
  context: Context,
  params: Pick<WebauthnChallengeRecord, 'purpose' | 'userId' | 'thumbprint'>,
): Promise<Uint8Array<ArrayBuffer>> {
  const challenge = new Uint8Array(randomBytes(32))
  const now = context.now()
  await context.storage.webauthnChallenges.create({
    ...params,
    challengeHash: sha256Hex(Buffer.from(challenge).toString('base64url')),
    createdAt: now,
    expiresAt: now + context.options.passkeys.challengeTtlMs,
  })
  return challenge
}

/**
 * Takes the challenge a response answers, once: unknown, used, expired, of another step or asked
 * by another device key throws {@link PasskeyChallengeError}. Returns it and its base64url text.
 */
export async function consumeChallenge(
  context: Context,
  clientDataJSON: string,
  purpose: WebauthnChallengeRecord['purpose'],
  thumbprint: string,
): Promise<WebauthnChallengeRecord & { value: string }> {
  const value = challengeOf(clientDataJSON)
  const record =
    value &&
    (await context.storage.webauthnChallenges.consume(
      sha256Hex(value),
      purpose,
      thumbprint,
      context.now(),
    ))
  if (!value || !record) throw new PasskeyChallengeError()
  return { ...record, value }
}
