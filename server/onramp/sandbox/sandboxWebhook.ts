import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header of a sandbox webhook's signature: `t=<ms>,v1=<hex HMAC-SHA-256>`. */
export const sandboxSignatureHeader = 'latchkey-sandbox-signature'

/** How old a webhook may be when it arrives. */
export const sandboxWebhookToleranceMs = 5 * 60_000

const hmac = (secret: Uint8Array, time: string, body: Uint8Array) =>
  createHmac('sha256', secret).update(`${time}.`).update(body).digest()

/** The signature header of `body` sent at `time` (ms), as the sandbox provider signs it. */
export function signSandboxWebhook(secret: Uint8Array, body: Uint8Array, time: number): string {
  return `t=${time},v1=${hmac(secret, String(time), body).toString('hex')}`
}

/**
 * Why `header` is not a valid signature of the raw `body` at `now`, or undefined when it is:
 * the HMAC of `{t}.{body}` compared in constant time, and `t` within the tolerance.
 */
export function sandboxSignatureProblem(
  secret: Uint8Array,
  body: Uint8Array,
  header: string | null,
  now: number,
): string | undefined {
  if (!header) return 'No signature header.'
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const time = parts.get('t') ?? ''
  const given = parts.get('v1') ?? ''
  if (!/^\d{1,15}$/.test(time) || !/^[0-9a-f]{64}$/.test(given)) return 'Malformed signature.'
  const expected = hmac(secret, time, body)
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'Wrong signature.'
  if (Math.abs(now - Number(time)) > sandboxWebhookToleranceMs) return 'Signed too long ago.'
  return undefined
}
