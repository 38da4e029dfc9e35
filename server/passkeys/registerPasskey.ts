import { PasskeyChallengeError } from '../../src/errors/PasskeyChallengeError'
import { PasskeyVerificationError } from '../../src/errors/PasskeyVerificationError'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { loadPeer } from '../loadPeer'
import { consumeChallenge, issueChallenge, relyingParty } from './passkeyChallenges'
import type { registrationResponseSchema } from './webauthnSchemas'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options' | 'publicUrl' | 'originPolicy'>
type RegistrationResponse = import('zod').infer<typeof registrationResponseSchema>

const loadWebauthn = () =>
  loadPeer('@simplewebauthn/server', () => import('@simplewebauthn/server'))

/** What the frame needs to make a passkey: a discoverable credential, user verification required. */
export async function passkeyRegistrationOptions(
  context: Context,
  { auth, thumbprint }: { auth: Auth; thumbprint: string },
) {
  const { generateRegistrationOptions } = await loadWebauthn()
  const rp = relyingParty(context)
  const existing = await context.storage.passkeys.findByUser(auth.user.id)
  const challenge = await issueChallenge(context, {
    purpose: 'register',
    userId: auth.user.id,
    thumbprint,
  })
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    // The user handle is the random user id (no email in it); the name is what the visitor sees.
    userID: new TextEncoder().encode(auth.user.id),
    userName: auth.user.email ?? 'Latchkey wallet',
    challenge,
    timeout: context.options.passkeys.challengeTtlMs,
    attestationType: 'none',
    excludeCredentials: existing.map(({ credentialId, transports }) => ({
      id: credentialId,
      transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  })
}

/**
 * Verifies a new passkey of the signed-in user (its challenge taken once, the wallet origin and
 * RP ID, user verification) and stores its public key and counter.
 */
export async function registerPasskey(
  context: Context,
  {
    auth,
    thumbprint,
    projectId,
    response,
  }: {
    auth: Auth
    thumbprint: string
    /** The frame's project: the page around the frame must be one of its allowed origins. */
    projectId: string | undefined
    response: RegistrationResponse
  },
): Promise<{ credentialId: string; prf: boolean }> {
  const { verifyRegistrationResponse } = await loadWebauthn()
  const challenge = await consumeChallenge(context, response.response.clientDataJSON, 'register', {
    thumbprint,
    projectId,
  })
  if (challenge.userId !== auth.user.id) throw new PasskeyChallengeError()
  const rp = relyingParty(context)
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.value,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    requireUserVerification: true,
  }).catch((cause: unknown) => {
    throw new PasskeyVerificationError({ reason: 'SIGNATURE', cause })
  })
  if (!verification.verified) throw new PasskeyVerificationError({ reason: 'SIGNATURE' })
  const { credential, credentialBackedUp } = verification.registrationInfo
  const prf = response.clientExtensionResults.prf?.enabled === true
  const created = await context.storage.passkeys.create({
    credentialId: credential.id,
    userId: auth.user.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: response.response.transports ?? [],
    prf,
    backedUp: credentialBackedUp,
    createdAt: context.now(),
    usedAt: null,
  })
  if (!created) throw new PasskeyVerificationError({ reason: 'ALREADY_REGISTERED' })
  return { credentialId: credential.id, prf }
}
