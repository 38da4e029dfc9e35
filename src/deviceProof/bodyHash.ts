import { toBase64url } from './base64url'

/** SHA-256 of a request body as base64url; no body hashes as zero bytes. */
export async function bodyHash(body: string | Uint8Array | undefined): Promise<string> {
  const bytes =
    typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body ?? [])
  return toBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
}
