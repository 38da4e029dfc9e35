import { createHash } from 'node:crypto'

/**
 * The S256 code challenge of a PKCE verifier: base64url(SHA-256(verifier)).
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}
