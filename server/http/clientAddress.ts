import type { Context } from 'hono'
import type { AppEnv } from './appEnv'

/** The caller's IP address: the socket's, or the first `X-Forwarded-For` entry behind a trusted proxy. */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown'
}
