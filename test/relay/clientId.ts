/**
 * Who is on a socket. Core puts a relay-auth JWT in the `auth` query parameter; its `iss` is
 * the client's `did:key`, stable across reconnects. The relay does not verify it (loopback
 * only): it only needs to know a publisher again after its socket was replaced.
 * @see https://specs.walletconnect.com/2.0/specs/clients/core/relay/relay-client-auth
 */
export function clientIdFromUrl(requestUrl: string | undefined, fallback: string): string {
  const auth = new URL(requestUrl ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return fallback
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    const iss = (claims as { iss?: unknown } | null)?.iss
    return typeof iss === 'string' && iss.length > 0 ? iss : fallback
  } catch {
    return fallback
  }
}
