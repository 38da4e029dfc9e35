import { FrameReplyError } from '../FrameReplyError'

/** base64url without padding, as WebAuthn's JSON forms use it. */
export function toBase64url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = ''
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** base64url (padded or not) to bytes. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/**
 * The PRF input of the recovery share (WebAuthn PRF extension): one fixed value, so a passkey
 * sign-in on a new device gets the output in the same ceremony, before the frame knows the user.
 */
const prfInput = new TextEncoder().encode('latchkey/recovery-share/v1')

type Descriptor = { id: string; type?: string; transports?: string[] }
type CreationJson = {
  rp: PublicKeyCredentialRpEntity
  user: { id: string; name: string; displayName: string }
  challenge: string
  pubKeyCredParams: PublicKeyCredentialParameters[]
  timeout?: number
  excludeCredentials?: Descriptor[]
  authenticatorSelection?: AuthenticatorSelectionCriteria
  attestation?: AttestationConveyancePreference
}
type RequestJson = {
  challenge: string
  rpId?: string
  timeout?: number
  userVerification?: UserVerificationRequirement
  allowCredentials?: Descriptor[]
}

const descriptors = (list: Descriptor[] | undefined): PublicKeyCredentialDescriptor[] =>
  (list ?? []).map((item) => ({
    type: 'public-key',
    id: fromBase64url(item.id),
    ...(item.transports ? { transports: item.transports as AuthenticatorTransport[] } : {}),
  }))

/** The PRF output a ceremony gave (32 bytes), if the authenticator evaluated it. */
function prfOutput(credential: PublicKeyCredential): Uint8Array | undefined {
  const results = credential.getClientExtensionResults() as {
    prf?: { results?: { first?: BufferSource } }
  }
  const first = results.prf?.results?.first
  if (!first) return undefined
  return new Uint8Array(first instanceof ArrayBuffer ? first : first.buffer.slice(0))
}

/** A refused or dismissed browser prompt is the visitor's no (4001); anything else is said. */
function ceremonyError(error: unknown): FrameReplyError {
  // The browser says no more than this on purpose (a closed prompt, a timeout, no passkey).
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return new FrameReplyError({
      message: 'The passkey prompt was closed or timed out. Try again.',
      code: 4001,
    })
  if (error instanceof DOMException && error.name === 'InvalidStateError')
    return new FrameReplyError({ message: 'This passkey is registered already.', code: 4001 })
  return new FrameReplyError({
    message: 'Passkeys are not available in this browser.',
    code: 4200,
    cause: error,
  })
}

/** What a ceremony gives: the JSON for the server (never the PRF output) and the PRF output. */
export type CeremonyResult = {
  response: Record<string, unknown>
  credentialId: string
  prf: Uint8Array | undefined
  prfEnabled: boolean
}

/** Makes a passkey with the server's options, asking for PRF (navigator.credentials.create). */
export async function createPasskey(options: CreationJson): Promise<CeremonyResult> {
  let credential: PublicKeyCredential
  try {
    credential = (await navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: fromBase64url(options.challenge),
        user: { ...options.user, id: fromBase64url(options.user.id) },
        excludeCredentials: descriptors(options.excludeCredentials),
        extensions: { prf: { eval: { first: prfInput } } } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential
  } catch (error) {
    throw ceremonyError(error)
  }
  const response = credential.response as AuthenticatorAttestationResponse
  const outputs = credential.getClientExtensionResults() as { prf?: { enabled?: boolean } }
  const prf = prfOutput(credential)
  return {
    credentialId: credential.id,
    prf,
    prfEnabled: outputs.prf?.enabled === true || prf !== undefined,
    response: {
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: 'public-key',
      clientExtensionResults: {
        prf: { enabled: outputs.prf?.enabled === true || prf !== undefined },
      },
      response: {
        clientDataJSON: toBase64url(response.clientDataJSON),
        attestationObject: toBase64url(response.attestationObject),
        transports: response.getTransports?.() ?? [],
      },
    },
  }
}

/**
 * Uses a passkey (navigator.credentials.get) with the server's options, or with `allow` (one
 * credential, a local challenge: only the PRF output is wanted, nothing is sent), asking for PRF.
 */
export async function assertPasskey(options: RequestJson): Promise<CeremonyResult> {
  let credential: PublicKeyCredential
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        ...options,
        challenge: fromBase64url(options.challenge),
        allowCredentials: descriptors(options.allowCredentials),
        extensions: { prf: { eval: { first: prfInput } } } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential
  } catch (error) {
    throw ceremonyError(error)
  }
  const response = credential.response as AuthenticatorAssertionResponse
  const prf = prfOutput(credential)
  return {
    credentialId: credential.id,
    prf,
    prfEnabled: prf !== undefined,
    response: {
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64url(response.clientDataJSON),
        authenticatorData: toBase64url(response.authenticatorData),
        signature: toBase64url(response.signature),
        ...(response.userHandle ? { userHandle: toBase64url(response.userHandle) } : {}),
      },
    },
  }
}
