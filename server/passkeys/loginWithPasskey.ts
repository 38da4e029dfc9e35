import { PasskeyVerificationError } from '../../src/errors/PasskeyVerificationError'
import { createSession } from '../auth/sessions'
import type { ProvenKey } from '../auth/verifyRequestProof'
import type { ServerContext } from '../context'
import { loadPeer } from '../loadPeer'
import { consumeChallenge, issueChallenge, relyingParty } from './passkeyChallenges'
import { type AuthenticationResponse, verifyAssertion } from './verifyAssertion'

type Context = Pick<
  ServerContext,
  'storage' | 'now' | 'options' | 'publicUrl' | 'keys' | 'originPolicy'
>
const loadWebauthn = () =>
  loadPeer('@simplewebauthn/server', () => import('@simplewebauthn/server'))

/**
 * What the frame needs to sign in with a passkey alone: no credential list (discoverable
 * credentials, the passkey names the user), user verification required; the challenge is bound to
 * the device key the new session will be bound to.
 */
export async function passkeyLoginOptions(
  context: Context,
  { thumbprint }: { thumbprint: string },
) {
  const { generateAuthenticationOptions } = await loadWebauthn()
  const challenge = await issueChallenge(context, { purpose: 'login', userId: null, thumbprint })
  return generateAuthenticationOptions({
    rpID: relyingParty(context).rpId,
    challenge,
    timeout: context.options.passkeys.challengeTtlMs,
    userVerification: 'required',
    allowCredentials: [],
  })
}

/**
 * Signs in with a passkey: the challenge is taken once (a replayed assertion finds none), the
 * credential must be registered, the signature, origin, RP ID and user verification must check
 * out, and the signature counter must go up (unless the authenticator keeps none: 0 and 0).
 * The new session is bound to the device key that signed the request's proof, as an email
 * login's is; returns its token.
 */
export async function loginWithPasskey(
  context: Context,
  {
    deviceKey,
    deviceId,
    projectId,
    response,
  }: {
    deviceKey: ProvenKey
    deviceId: string
    /** The frame's project: the page around the frame must be one of its allowed origins. */
    projectId: string | undefined
    response: AuthenticationResponse
  },
): Promise<{ token: string }> {
  const challenge = await consumeChallenge(context, response.response.clientDataJSON, 'login', {
    thumbprint: deviceKey.thumbprint,
    projectId,
  })
  const passkey = await context.storage.passkeys.find(response.id)
  if (!passkey) throw new PasskeyVerificationError({ reason: 'UNKNOWN_CREDENTIAL' })
  await verifyAssertion(context, { passkey, response, challenge })
  const user = await context.storage.users.findById(passkey.userId)
  if (!user) throw new PasskeyVerificationError({ reason: 'UNKNOWN_CREDENTIAL' })
  return { token: await createSession(context, { userId: user.id, deviceId, deviceKey }) }
}
