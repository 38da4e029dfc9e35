import * as fc from 'fast-check'
import type { SiwxMessage } from '../../src/siwx/types'
import { uri as rfc3986Uri } from './rfc3986.arbitraries'

// Shared by the siwx tests only (not exported from the package).

/** Anvil dev account 0. */
export const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** A complete eip155 message. */
export function messageFields(overrides: Partial<SiwxMessage> = {}): SiwxMessage {
  return {
    accountAddress: evmAddress,
    chainId: 'eip155:1',
    domain: 'service.org',
    uri: 'https://service.org/login',
    version: '1',
    nonce: '32891756abc',
    issuedAt: '2021-09-30T16:25:24.000Z',
    statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
    ...overrides,
  }
}

const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const label = fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 10 })
const isoTime = fc
  .date({
    min: new Date('1971-01-01T00:00:00Z'),
    max: new Date('2999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString())

/** Random valid message fields, eip155 or solana. */
/**
 * RFC 3986 URIs less the one form sign-in messages refuse (`validateSiwxMessage`'s `isMessageUri`):
 * an empty authority followed by a path that starts with "//", e.g. `a:////`.
 */
const uri = rfc3986Uri.filter((text) => !/^[^:/?#]+:\/\/\/\//.test(text))

export const validFields: fc.Arbitrary<SiwxMessage> = fc
  .record(
    {
      namespace: fc.constantFrom('eip155', 'solana'),
      chainRef: fc.integer({ min: 1, max: 2 ** 40 }),
      domain: fc
        .tuple(
          fc.array(label, { minLength: 1, maxLength: 3 }),
          fc.constantFrom('com', 'org', 'xyz'),
          fc.option(fc.integer({ min: 1, max: 65_535 })),
        )
        .map(([labels, tld, port]) => `${labels.join('.')}.${tld}${port ? `:${port}` : ''}`),
      uri,
      nonce: fc.string({ unit: fc.constantFrom(...alnum), minLength: 8, maxLength: 40 }),
      issuedAt: isoTime,
      statement: fc.option(
        fc
          .string({ unit: fc.constantFrom(...'abc XYZ019.,:/?!$&'), minLength: 0, maxLength: 80 })
          // The empty statement is valid (EIP-4361 `*( … )`); blank-but-not-empty ones are not generated.
          .filter((s) => s === '' || s.trim() !== ''),
        { nil: undefined },
      ),
      expirationTime: fc.option(isoTime, { nil: undefined }),
      notBefore: fc.option(isoTime, { nil: undefined }),
      requestId: fc.option(
        fc.string({ unit: fc.constantFrom(...'abc019-._~!:@'), minLength: 0, maxLength: 20 }),
        { nil: undefined },
      ),
      resources: fc.option(fc.array(uri, { maxLength: 4 }), { nil: undefined }),
      scheme: fc.option(fc.constantFrom('https', 'http'), { nil: undefined }),
    },
    { requiredKeys: ['namespace', 'chainRef', 'domain', 'uri', 'nonce', 'issuedAt'] },
  )
  .map((r) => {
    const fields: SiwxMessage = {
      accountAddress: r.namespace === 'eip155' ? evmAddress : solanaAddress,
      chainId: r.namespace === 'eip155' ? `eip155:${r.chainRef}` : solanaMainnet,
      domain: r.domain,
      uri: r.uri,
      version: '1',
      nonce: r.nonce,
      issuedAt: r.issuedAt,
    }
    for (const key of [
      'statement',
      'expirationTime',
      'notBefore',
      'requestId',
      'resources',
      'scheme',
    ] as const)
      if (r[key] !== undefined) Object.assign(fields, { [key]: r[key] })
    return fields
  })
