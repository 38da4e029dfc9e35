import { afterEach, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import type { LatchkeyServerOptions } from '../options'
import { addressBucket, normalizeIp } from './ipAddress'

// Issue 8, item 14: the client address behind proxies, and IPv6 buckets, against a real server.
// The test client's socket is 127.0.0.1; it plays the proxy when 127.0.0.1 is trusted.

let t: TestServer
afterEach(async () => {
  await t?.close()
})

const deviceId = 'device-proxy-aaaaaaaaaaaa'

async function start(options: LatchkeyServerOptions) {
  // Two codes per address per 10 minutes make a bucket easy to fill.
  t = await startTestServer({
    rateLimits: { codesPerAddress: { limit: 2, windowMs: 600_000 } },
    ...options,
  })
}

let n = 0
async function askCode(forwardedFor?: string): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor
  const response = await fetch(`${t.url}/v1/connect-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `u${n++}@example.test`, deviceId }),
  })
  await response.body?.cancel()
  return response.status
}

describe('trusted proxies', () => {
  test('behavior: behind a trusted proxy, the client cannot change its bucket by writing X-Forwarded-For', async () => {
    await start({ trustProxy: ['127.0.0.1'] })
    // The proxy appends the address it saw (203.0.113.7) to whatever the client sent.
    expect(await askCode('1.1.1.1, 203.0.113.7')).toBe(200)
    expect(await askCode('2.2.2.2, 203.0.113.7')).toBe(200)
    expect(await askCode('3.3.3.3, 203.0.113.7')).toBe(429)
    expect(await askCode('203.0.113.8')).toBe(200)
  })

  test('behavior: hops of trusted proxies (a CIDR) are skipped from the right', async () => {
    await start({ trustProxy: ['127.0.0.0/8', '10.0.0.0/8'] })
    expect(await askCode('9.9.9.9, 203.0.113.7, 10.1.2.3')).toBe(200)
    expect(await askCode('8.8.8.8, 203.0.113.7, 10.4.5.6')).toBe(200)
    expect(await askCode('7.7.7.7, 203.0.113.7, 10.7.8.9')).toBe(429)
  })

  test('default: no proxy is trusted; X-Forwarded-For is ignored', async () => {
    await start({})
    expect(await askCode('1.1.1.1')).toBe(200)
    expect(await askCode('2.2.2.2')).toBe(200)
    expect(await askCode('3.3.3.3')).toBe(429)
  })

  test('behavior: a bad trusted-proxy entry fails at start', async () => {
    await expect(startTestServer({ trustProxy: ['10.0.0.0/33'] })).rejects.toThrowError(
      'Invalid option "trustProxy": "10.0.0.0/33" is not an IP address or CIDR like 10.0.0.0/8 or fd00::/8.',
    )
  })
})

describe('IPv6 buckets', () => {
  test('behavior: two addresses in one /64 share a bucket; another /64 has its own', async () => {
    await start({ trustProxy: ['127.0.0.1'] })
    expect(await askCode('2001:db8:1:2::1')).toBe(200)
    expect(await askCode('2001:db8:1:2:ffff:ffff:ffff:2')).toBe(200)
    expect(await askCode('2001:DB8:1:2:0:0:0:3')).toBe(429)
    expect(await askCode('2001:db8:1:3::1')).toBe(200)
  })

  test('behavior: IPv4-mapped IPv6 counts as the IPv4 address', async () => {
    await start({ trustProxy: ['127.0.0.1'] })
    expect(await askCode('203.0.113.9')).toBe(200)
    expect(await askCode('::ffff:203.0.113.9')).toBe(200)
    expect(await askCode('::ffff:cb00:7109')).toBe(429)
  })

  test('parameters: normalizeIp and addressBucket', () => {
    expect(normalizeIp('[2001:DB8::1]')).toBe('2001:0db8:0000:0000:0000:0000:0000:0001')
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80:0000:0000:0000:0000:0000:0000:0001')
    expect(normalizeIp('::ffff:10.0.0.1')).toBe('10.0.0.1')
    expect(normalizeIp('not an ip')).toBeUndefined()
    expect(addressBucket('2001:db8:a:b:c:d:e:f')).toBe('2001:0db8:000a:000b::/64')
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1')
  })
})
