import { PasskeyVerificationError } from '../../src/errors/PasskeyVerificationError'
import type { ServerContext } from '../context'
import { loadPeer } from '../loadPeer'
import type { PasskeyRecord } from '../storage/types'
import { relyingParty } from './passkeyChallenges'
import { type authenticationResponseSchema, counterOf } from './webauthnSchemas'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'publicUrl'>

/** `AuthenticationResponseJSON`, as the frame sends it. */
export type AuthenticationResponse = import('zod').infer<typeof authenticationResponseSchema>

/**
 * Verifies an assertion of the registered `passkey` for the challenge taken (its base64url text
 * and the page it was made in): signature, origin, RP ID and user verification; then the
 * signature counter must go up (unless the authenticator keeps none: 0 and 0), moved in one
 * compare-and-set, so of two assertions with one counter exactly one counts.
 */
export async function verifyAssertion(
  context: Context,
  {
    passkey,
    response,
    challenge,
  }: {
    passkey: PasskeyRecord
    response: AuthenticationResponse
    challenge: { value: string; topOrigin: string | undefined }
  },
): Promise<void> {
  const { verifyAuthenticationResponse } = await loadPeer(
    '@simplewebauthn/server',
    () => import('@simplewebauthn/server'),
  )
  const rp = relyingParty(context)
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.value,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    ...(challenge.topOrigin ? { expectedTopOrigin: challenge.topOrigin } : {}),
    // The counter is checked below, once the signature is known to be the passkey's.
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: 0,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch((cause: unknown) => {
    throw new PasskeyVerificationError({ reason: 'SIGNATURE', cause })
  })
  if (!verification.verified) throw new PasskeyVerificationError({ reason: 'SIGNATURE' })
  const counter = counterOf(response.response.authenticatorData) ?? -1
  const counts = counter > 0 || passkey.counter > 0
  if (counter < 0 || (counts && counter <= passkey.counter))
    throw new PasskeyVerificationError({ reason: 'COUNTER' })
  if (
    !(await context.storage.passkeys.use(
      passkey.credentialId,
      passkey.counter,
      counter,
      context.now(),
    ))
  )
    throw new PasskeyVerificationError({ reason: 'COUNTER' })
}
