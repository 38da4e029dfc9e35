import { randomBytes } from 'node:crypto'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { PasskeyChallengeError } from '../../src/errors/PasskeyChallengeError'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import type { WebauthnChallengeRecord } from '../storage/types'
import { clientDataOf } from './webauthnSchemas'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'publicUrl' | 'originPolicy'>

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
 * by another device key throws {@link PasskeyChallengeError}. A response made inside a page (the
 * frame in a dapp) counts only when that page's origin may embed the frame's project
 * (`OriginNotAllowedError`). Returns the challenge, its base64url text and the page's origin.
 */
export async function consumeChallenge(
  context: Context,
  clientDataJSON: string,
  purpose: WebauthnChallengeRecord['purpose'],
  { thumbprint, projectId }: { thumbprint: string; projectId: string | undefined },
): Promise<WebauthnChallengeRecord & { value: string; topOrigin: string | undefined }> {
  const clientData = clientDataOf(clientDataJSON)
  const value = clientData?.challenge
  const topOrigin = clientData?.topOrigin
  if (
    topOrigin !== undefined &&
    (projectId === undefined || !context.originPolicy.isOriginAllowed(projectId, topOrigin))
  )
    throw new OriginNotAllowedError({ origin: topOrigin })
  const record =
    value &&
    (await context.storage.webauthnChallenges.consume(
      sha256Hex(value),
      purpose,
      thumbprint,
      context.now(),
    ))
  if (!value || !record) throw new PasskeyChallengeError()
  return { ...record, value, topOrigin }
}
