import { z } from 'zod'

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url.')

const credentialId = base64url(1366)

/**
 * The extension outputs the frame may send: whether PRF is enabled, never its results (the PRF
 * output seals the recovery share in the frame and must not reach the server).
 */
const clientExtensionResults = z
  .object({
    prf: z.object({ enabled: z.boolean().optional() }).strict().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).strict().optional(),
  })
  .strict()

/** `RegistrationResponseJSON` (WebAuthn L3 `toJSON()` of a new credential), as the frame sends it. */
export const registrationResponseSchema = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        attestationObject: base64url(16_384),
        transports: z.array(z.string().max(32)).max(8).optional(),
      })
      .strict(),
  })
  .strict()

/** `AuthenticationResponseJSON` (an assertion), as the frame sends it. */
export const authenticationResponseSchema = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(4096),
        signature: base64url(1024),
        userHandle: base64url(128).optional(),
      })
      .strict(),
  })
  .strict()

const clientDataSchema = z.object({
  challenge: base64url(128),
  topOrigin: z.string().max(2048).optional(),
})

/**
 * What the server reads of `clientDataJSON` before verifying: the challenge it answers, and the
 * top-level page it was made in when inside an iframe (the dapp, around the frame); undefined
 * when unreadable.
 */
export function clientDataOf(
  clientDataJSON: string,
): { challenge: string; topOrigin: string | undefined } | undefined {
  try {
    const parsed = clientDataSchema.safeParse(
      JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')),
    )
    return parsed.success
      ? { challenge: parsed.data.challenge, topOrigin: parsed.data.topOrigin }
      : undefined
  } catch {
    return undefined
  }
}

/** The signature counter in `authenticatorData` (bytes 33–36, big-endian); undefined when short. */
export function counterOf(authenticatorData: string): number | undefined {
  const bytes = Buffer.from(authenticatorData, 'base64url')
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : undefined
}
