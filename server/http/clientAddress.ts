import type { Context } from 'hono'
import type { AppEnv } from './appEnv'
import { addressBucket, normalizeIp } from './ipAddress'
import { trustedProxies } from './trustedProxies'

/**
 * The caller's rate-limit address: the socket's peer, or, when that is a trusted proxy, the
 * right-most `X-Forwarded-For` hop that is not one (hops to its left are whatever the client
 * wrote). IPv4-mapped IPv6 counts as IPv4 and IPv6 is bucketed per /64 (see `addressBucket`).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean | readonly string[]): string {
  const socket = c.env?.incoming?.socket.remoteAddress
  if (!socket) return 'unknown'
  const isTrusted = trustedProxies(trustProxy)
  let client = normalizeIp(socket) ?? socket
  if (!isTrusted(client)) return addressBucket(client)
  const hops = c.req
    .header('x-forwarded-for')
    ?.split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  for (const hop of (hops ?? []).reverse()) {
    const address = normalizeIp(hop)
    // A hop a trusted proxy wrote is never garbage; stop at the first that is.
    if (!address) break
    client = address
    if (!isTrusted(address)) break
  }
  return addressBucket(client)
}
