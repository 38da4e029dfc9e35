import {
  createPublicClient,
  type Hex,
  hexToBigInt,
  http,
  numberToHex,
  parseSignature,
  recoverMessageAddress,
  serializeSignature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'
import type { SiwxMessage } from '../../src/siwx/types'
import { createMemoryNonceStore } from './createMemoryNonceStore'
import { type VerifySiwxParameters, verifySiwx } from './verifySiwx'

const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const other = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const now = Date.parse('2025-06-01T12:00:00.000Z')
// Port 1 is closed: EOAs must verify without any RPC call.
const offline = createPublicClient({
  chain: mainnet,
  transport: http('http://127.0.0.1:1', { retryCount: 0 }),
})

async function setup(fields: Partial<SiwxMessage> = {}, signer = account) {
  const nonceStore = createMemoryNonceStore({ now: () => now })
  const nonce = await nonceStore.issue()
  const data: SiwxMessage = {
    accountAddress: account.address,
    chainId: 'eip155:1',
    domain: 'dapp.test',
    uri: 'https://dapp.test/login',
    version: '1',
    nonce,
    issuedAt: new Date(now - 1000).toISOString(),
    ...fields,
  }
  const message = createSiwxMessage(data)
  const signature = await signer.signMessage({ message })
  const parameters: VerifySiwxParameters = {
    message,
    signature,
    expected: { domain: 'dapp.test' },
    nonceStore,
    publicClient: offline,
    now: () => now,
  }
  return parameters
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error) =>
      error instanceof SiwxVerificationError ? error.reason : `untyped: ${String(error)}`,
  )
}

describe('verifySiwx', () => {
  test('default: an EOA signature is accepted offline and returns the session', async () => {
    const parameters = await setup()
    const session = await verifySiwx(parameters)
    expect(session.data.accountAddress).toBe(account.address)
    expect(session.message).toBe(parameters.message)
  })

  test('behavior: the nonce is single use; of two concurrent verifies exactly one succeeds', async () => {
    const parameters = await setup()
    const results = await Promise.all([
      reason(verifySiwx(parameters)),
      reason(verifySiwx(parameters)),
    ])
    expect(results.sort()).toEqual(['UNKNOWN_NONCE', 'accepted'])
    expect(await reason(verifySiwx(parameters))).toBe('UNKNOWN_NONCE')
  })

  test('behavior: unknown nonce', async () => {
    const parameters = await setup({ nonce: 'notIssuedByUs123' })
    expect(await reason(verifySiwx(parameters))).toBe('UNKNOWN_NONCE')
  })

  test('behavior: missing domain or nonce fails closed (C3)', async () => {
    const parameters = await setup()
    expect(await reason(verifySiwx({ ...parameters, expected: {} as never }))).toBe(
      'MISSING_DOMAIN',
    )
    expect(await reason(verifySiwx({ ...parameters, expected: undefined as never }))).toBe(
      'MISSING_DOMAIN',
    )
    expect(await reason(verifySiwx({ ...parameters, nonceStore: undefined as never }))).toBe(
      'MISSING_NONCE',
    )
    const noNonce = parameters.message.replace(/\nNonce: [A-Za-z0-9]+/, '')
    expect(await reason(verifySiwx({ ...parameters, message: noNonce }))).toBe('MISSING_NONCE')
    const noDomain = parameters.message.replace('dapp.test wants', ' wants')
    expect(await reason(verifySiwx({ ...parameters, message: noDomain }))).toBe('MISSING_DOMAIN')
  })

  test.each([
    ['DAPP.test'],
    ['www.dapp.test'],
    ['dapp.test:8443'],
    ['xn--dpp-8na.test'],
    ['dapp.tes'],
  ])('behavior: domain %s is rejected (C2)', async (domain) => {
    const parameters = await setup({ domain, uri: `https://${domain}/login` })
    expect(await reason(verifySiwx(parameters))).toBe('DOMAIN_MISMATCH')
  })

  test('behavior: domains the grammar refuses are rejected as mismatches', async () => {
    const parameters = await setup()
    for (const domain of ['dapp.test.', 'user@dapp.test', 'dapp.test:0', 'dapp..test']) {
      const message = parameters.message.replace('dapp.test wants', `${domain} wants`)
      const signature = await account.signMessage({ message })
      expect(await reason(verifySiwx({ ...parameters, message, signature }))).toBe(
        'DOMAIN_MISMATCH',
      )
    }
  })

  test('behavior: expected domain with a port is compared with the port', async () => {
    const parameters = await setup({ domain: 'dapp.test:8443', uri: 'https://dapp.test:8443/' })
    expect(await reason(verifySiwx({ ...parameters, expected: { domain: 'dapp.test' } }))).toBe(
      'DOMAIN_MISMATCH',
    )
    expect(
      await reason(verifySiwx({ ...parameters, expected: { domain: 'dapp.test:8443' } })),
    ).toBe('accepted')
  })

  test('behavior: scheme and URI mismatches', async () => {
    expect(
      await reason(verifySiwx(await setup({ scheme: 'http', uri: 'http://dapp.test/' }))),
    ).toBe('SCHEME_MISMATCH')
    expect(await reason(verifySiwx(await setup({ uri: 'http://dapp.test/' })))).toBe('URI_MISMATCH')
    expect(await reason(verifySiwx(await setup({ uri: 'https://evil.test/login' })))).toBe(
      'URI_MISMATCH',
    )
    expect(await reason(verifySiwx(await setup({ uri: 'https://user@dapp.test/' })))).toBe(
      'URI_MISMATCH',
    )
    expect(await reason(verifySiwx(await setup({ uri: 'did:key:z6Mk' })))).toBe('URI_MISMATCH')
    const exact = await setup({ uri: 'https://dapp.test/other' })
    expect(
      await reason(
        verifySiwx({ ...exact, expected: { domain: 'dapp.test', uri: 'https://dapp.test/login' } }),
      ),
    ).toBe('URI_MISMATCH')
    const http_ = await setup({ scheme: 'http', uri: 'http://dapp.test/' })
    expect(
      await reason(verifySiwx({ ...http_, expected: { domain: 'dapp.test', scheme: 'http' } })),
    ).toBe('accepted')
  })

  test('behavior: chain not allowed, or no client for it', async () => {
    const parameters = await setup({ chainId: 'eip155:56' })
    expect(await reason(verifySiwx(parameters))).toBe('CHAIN_NOT_ALLOWED')
    expect(await reason(verifySiwx({ ...parameters, publicClients: { 56: offline } }))).toBe(
      'accepted',
    )
    const allowed = await setup()
    expect(
      await reason(
        verifySiwx({ ...allowed, expected: { domain: 'dapp.test', chainIds: ['eip155:56', 10] } }),
      ),
    ).toBe('CHAIN_NOT_ALLOWED')
    const solana = await setup()
    const text = createSiwxMessage({
      accountAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'dapp.test',
      uri: 'https://dapp.test/',
      version: '1',
      nonce: await solana.nonceStore.issue(),
      issuedAt: new Date(now).toISOString(),
    })
    expect(await reason(verifySiwx({ ...solana, message: text }))).toBe('CHAIN_NOT_ALLOWED')
  })

  test('behavior: times (C5, C6)', async () => {
    const iso = (offset: number) => new Date(now + offset).toISOString()
    expect(
      await reason(
        verifySiwx(await setup({ issuedAt: iso(-3_600_000), expirationTime: iso(-120_000) })),
      ),
    ).toBe('EXPIRED')
    expect(
      await reason(
        verifySiwx(await setup({ notBefore: iso(120_000), expirationTime: iso(600_000) })),
      ),
    ).toBe('NOT_YET_VALID')
    expect(await reason(verifySiwx(await setup({ notBefore: iso(120_000) })))).toBe('NOT_YET_VALID')
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(120_000) })))).toBe('NOT_YET_VALID')
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(-86_400_000) })))).toBe(
      'ISSUED_AT_TOO_OLD',
    )
    expect(
      await reason(
        verifySiwx(await setup({ issuedAt: iso(-86_400_000), expirationTime: iso(86_400_000) })),
      ),
    ).toBe('ISSUED_AT_TOO_OLD')
    expect(
      await reason(
        verifySiwx(await setup({ expirationTime: iso(-10_000), issuedAt: iso(-20_000) })),
      ),
    ).toBe('accepted') // within skew
    expect(await reason(verifySiwx(await setup({ expirationTime: iso(-10_000) })))).toBe(
      'INVALID_TIME',
    ) // expires before issued
    const longer = await setup({ issuedAt: iso(-3_600_000) })
    expect(
      await reason(
        verifySiwx({ ...longer, expected: { domain: 'dapp.test', maxAge: 2 * 3_600_000 } }),
      ),
    ).toBe('accepted')
    const base = await setup({ expirationTime: iso(600_000) })
    for (const bad of ['never', '2025-02-30T00:00:00Z', 'tomorrow', '1717243200'])
      expect(
        await reason(
          verifySiwx({
            ...base,
            message: base.message.replace(/Expiration Time: .*/, `Expiration Time: ${bad}`),
          }),
        ),
      ).toBe('INVALID_TIME')
    expect(
      await reason(
        verifySiwx({ ...base, message: base.message.replace(/Issued At: .*/, 'Issued At: now') }),
      ),
    ).toBe('INVALID_TIME')
  })

  test('behavior: C6 with no expiry, issuedAt may be 10 minutes old (plus the 60 s skew), not more', async () => {
    const iso = (offset: number) => new Date(now + offset).toISOString()
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(-9 * 60_000) })))).toBe('accepted')
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(-11 * 60_000 - 1_000) })))).toBe(
      'ISSUED_AT_TOO_OLD',
    )
    expect(await reason(verifySiwx(await setup({ issuedAt: iso(-86_400_000) })))).toBe(
      'ISSUED_AT_TOO_OLD',
    )
  })

  test('error: C5 an invalid clock is refused as INVALID_TIME, not compared as NaN', async () => {
    const parameters = await setup()
    for (const clock of [
      () => new Date(Number.NaN),
      () => new Date('not a date'),
      () => Number.NaN,
      () => Number.POSITIVE_INFINITY,
      () => Number.NEGATIVE_INFINITY,
    ])
      expect(await reason(verifySiwx({ ...parameters, now: clock }))).toBe('INVALID_TIME')
    // The nonce was not spent by the refusals.
    expect(await reason(verifySiwx(parameters))).toBe('accepted')
  })

  test('behavior: address that is not the signer, claimed address, tampered message (C7)', async () => {
    expect(await reason(verifySiwx(await setup({}, other)))).toBe('INVALID_SIGNATURE')
    const claimed = await setup()
    expect(
      await reason(
        verifySiwx({ ...claimed, expected: { domain: 'dapp.test', address: other.address } }),
      ),
    ).toBe('ADDRESS_MISMATCH')
    expect(
      await reason(
        verifySiwx({
          ...claimed,
          expected: { domain: 'dapp.test', address: account.address.toLowerCase() },
        }),
      ),
    ).toBe('accepted')
    const tampered = await setup()
    expect(
      await reason(
        verifySiwx({
          ...tampered,
          message: tampered.message
            .replace('Version: 1', 'Version: 1')
            .replace('https://dapp.test/login', 'https://dapp.test/logout'),
        }),
      ),
    ).toBe('INVALID_SIGNATURE')
    expect(await reason(verifySiwx({ ...tampered, signature: 'not hex' }))).toBe('INVALID_MESSAGE')
    expect(await reason(verifySiwx({ ...tampered, message: `${tampered.message}\n` }))).toBe(
      'INVALID_MESSAGE',
    )
    // A bad signature leaves the nonce usable (an attacker who saw it cannot burn it).
    expect(await reason(verifySiwx(tampered))).toBe('accepted')
  })

  /** The same message re-signed after `edit`: only the edit can be refused. */
  async function edited(edit: (message: string) => string, fields: Partial<SiwxMessage> = {}) {
    const parameters = await setup(fields)
    const message = edit(parameters.message)
    expect(message).not.toBe(parameters.message)
    return { ...parameters, message, signature: await account.signMessage({ message }) }
  }

  test.each([
    ['two "#"', 'https://dapp.test/login#a#b'],
    ['"[" in the path', 'https://dapp.test/[login]'],
    ['"]" in the query', 'https://dapp.test/login?q=]'],
    ['two "@"', 'https://a@b@dapp.test/login'],
  ])('behavior: C1 C2 a signed URI with %s is refused as URI_MISMATCH', async (_, uri) => {
    const parameters = await edited((m) => m.replace('URI: https://dapp.test/login', `URI: ${uri}`))
    expect(await reason(verifySiwx(parameters))).toBe('URI_MISMATCH')
    expect(
      await reason(verifySiwx({ ...parameters, expected: { domain: 'dapp.test', uri } })),
    ).toBe('URI_MISMATCH')
  })

  test('behavior: C2 a signed header scheme outside RFC 3986 is refused as SCHEME_MISMATCH', async () => {
    for (const scheme of ['1https', 'ht tps', 'https:']) {
      const parameters = await edited((m) =>
        m.replace('dapp.test wants', `${scheme}://dapp.test wants`),
      )
      expect(await reason(verifySiwx(parameters))).toBe('SCHEME_MISMATCH')
    }
  })

  test('behavior: C1 a signed resource that is not an RFC 3986 URI is refused', async () => {
    for (const resource of ['https://a.test/#a#b', 'https://a.test/[x]', 'https://a.test:1:2/']) {
      const parameters = await edited((m) => `${m}\nResources:\n- ${resource}`)
      expect(await reason(verifySiwx(parameters))).toBe('INVALID_MESSAGE')
    }
    const fine = await edited((m) => `${m}\nResources:\n- https://a.test/#x\n- urn:x:y`)
    expect(await reason(verifySiwx(fine))).toBe('accepted')
  })

  test('behavior: C2 the URI authority is compared as written: no percent-decoded host', async () => {
    // WHATWG URL decodes "d%61pp.test" to "dapp.test"; RFC 3986 compares the host as written.
    expect(await reason(verifySiwx(await setup({ uri: 'https://d%61pp.test/login' })))).toBe(
      'URI_MISMATCH',
    )
    expect(await reason(verifySiwx(await setup({ uri: 'https://dapp.test:8443/login' })))).toBe(
      'URI_MISMATCH',
    )
    expect(await reason(verifySiwx(await setup({ uri: 'https://:@dapp.test/login' })))).toBe(
      'URI_MISMATCH',
    )
    // Equivalent under RFC 3986 §6.2.2–6.2.3: host case and the scheme's default port.
    expect(await reason(verifySiwx(await setup({ uri: 'https://DAPP.test/login' })))).toBe(
      'accepted',
    )
    expect(await reason(verifySiwx(await setup({ uri: 'https://dapp.test:443/login' })))).toBe(
      'accepted',
    )
    // viem's createSiweMessage refuses IP-literal domains, so this one is written by hand.
    const ipv6 = await edited((m) =>
      m
        .replace('dapp.test wants', '[::1]:8443 wants')
        .replace('URI: https://dapp.test/login', 'URI: https://[::1]:8443/login'),
    )
    expect(await reason(verifySiwx({ ...ipv6, expected: { domain: '[::1]:8443' } }))).toBe(
      'accepted',
    )
  })

  test('behavior: C1 C7 a high-s (non-canonical) signature is refused, the canonical one accepted', async () => {
    const parameters = await setup()
    const { r, s, yParity } = parseSignature(parameters.signature as Hex)
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const highS = serializeSignature({
      r,
      s: numberToHex(n - hexToBigInt(s), { size: 32 }),
      yParity: yParity === 0 ? 1 : 0,
    })
    // The malleable twin recovers the same signer: only a canonical-s check can refuse it.
    expect(await recoverMessageAddress({ message: parameters.message, signature: highS })).toBe(
      account.address,
    )
    expect(await reason(verifySiwx({ ...parameters, signature: highS }))).toBe(
      'NON_CANONICAL_SIGNATURE',
    )
    const zeroS = `${parameters.signature.slice(0, 66)}${'0'.repeat(64)}${parameters.signature.slice(130)}`
    expect(await reason(verifySiwx({ ...parameters, signature: zeroS }))).toBe(
      'NON_CANONICAL_SIGNATURE',
    )
    // The refusals did not spend the nonce.
    expect(await reason(verifySiwx(parameters))).toBe('accepted')
  })

  test('behavior: error message', async () => {
    const error = await verifySiwx({
      ...(await setup()),
      expected: { domain: 'other.test' },
    }).catch((e: unknown) => e)
    expect((error as SiwxVerificationError).shortMessage).toMatchInlineSnapshot(
      `"Sign-in rejected: DOMAIN_MISMATCH."`,
    )
  })
})

describe('createMemoryNonceStore', () => {
  test('default: ≥ 96-bit base62 nonces, single use, 10-minute TTL cap', async () => {
    let time = 0
    const store = createMemoryNonceStore({ now: () => time, ttl: 60 * 60_000 })
    const nonces = await Promise.all(Array.from({ length: 1000 }, () => store.issue()))
    expect(new Set(nonces).size).toBe(1000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    const [first, second] = nonces as [string, string]
    expect(await store.consume(first)).toBe(true)
    expect(await store.consume(first)).toBe(false)
    expect(await store.consume('never-issued')).toBe(false)
    time = 10 * 60_000
    expect(await store.consume(second)).toBe(false)
  })

  test('behavior: concurrent consumes of one nonce, exactly one wins', async () => {
    const store = createMemoryNonceStore()
    const nonce = await store.issue()
    const results = await Promise.all(Array.from({ length: 20 }, () => store.consume(nonce)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  test('parameters: maxSize drops the oldest', async () => {
    const store = createMemoryNonceStore({ maxSize: 2 })
    const a = await store.issue()
    const b = await store.issue()
    const c = await store.issue()
    expect([await store.consume(a), await store.consume(b), await store.consume(c)]).toEqual([
      false,
      true,
      true,
    ])
  })
})
