import * as fc from 'fast-check'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import {
  messageFields,
  solanaAddress,
  solanaMainnet,
  validFields,
} from '../../test/harness/siwxFixtures'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { createSiwxMessage } from './createSiwxMessage'
import { siwxFieldLimits } from './siwxFieldLimits'
import type { SiwxMessage } from './types'

function errorOf(run: () => unknown): InvalidSiwxMessageError {
  try {
    run()
  } catch (error) {
    if (error instanceof InvalidSiwxMessageError) return error
    throw error
  }
  throw new InvalidSiwxMessageError({ field: 'test', reason: 'missing', details: 'did not throw' })
}

describe('createSiwxMessage', () => {
  test('default: EIP-4361 layout', () => {
    expect(
      createSiwxMessage(
        messageFields({
          accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
          resources: [
            'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
            'https://example.com/my-web2-claim.json',
          ],
        }),
      ),
    ).toMatchInlineSnapshot(`
      "service.org wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

      I accept the ServiceOrg Terms of Service: https://service.org/tos

      URI: https://service.org/login
      Version: 1
      Chain ID: 1
      Nonce: 32891756abc
      Issued At: 2021-09-30T16:25:24.000Z
      Resources:
      - ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
      - https://example.com/my-web2-claim.json"
    `)
  })

  test('parameters: every optional field, scheme, numeric Chain ID', () => {
    const text = createSiwxMessage(
      messageFields({
        chainId: 'eip155:56',
        scheme: 'https',
        statement: undefined,
        expirationTime: '2021-10-01T16:25:24+02:00',
        notBefore: '2021-09-30T16:25:24Z',
        requestId: 'req-1',
      }),
    )
    expect(text).toMatchInlineSnapshot(`
      "https://service.org wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266


      URI: https://service.org/login
      Version: 1
      Chain ID: 56
      Nonce: 32891756abc
      Issued At: 2021-09-30T16:25:24.000Z
      Expiration Time: 2021-10-01T14:25:24.000Z
      Not Before: 2021-09-30T16:25:24.000Z
      Request ID: req-1"
    `)
  })

  test('parameters: solana (CAIP-122)', () => {
    expect(
      createSiwxMessage(messageFields({ chainId: solanaMainnet, accountAddress: solanaAddress })),
    ).toMatchInlineSnapshot(`
      "service.org wants you to sign in with your Solana account:
      9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM

      I accept the ServiceOrg Terms of Service: https://service.org/tos

      URI: https://service.org/login
      Version: 1
      Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp
      Nonce: 32891756abc
      Issued At: 2021-09-30T16:25:24.000Z"
    `)
  })

  test('behavior: matches viem parseSiweMessage for random eip155 fields', () => {
    fc.assert(
      fc.property(
        validFields.filter((f) => f.chainId.startsWith('eip155:')),
        (fields) => {
          const parsed = parseSiweMessage(createSiwxMessage(fields))
          expect(parsed.address).toBe(fields.accountAddress)
          expect(`eip155:${parsed.chainId}`).toBe(fields.chainId)
          expect(parsed.nonce).toBe(fields.nonce)
          expect(parsed.domain).toBe(fields.domain)
          expect(parsed.issuedAt?.toISOString()).toBe(fields.issuedAt)
        },
      ),
    )
  })

  const singleLine = [
    'domain',
    'uri',
    'nonce',
    'statement',
    'requestId',
    'scheme',
    'issuedAt',
    'expirationTime',
    'notBefore',
    'accountAddress',
  ] as const
  test.each(singleLine)('behavior: line break in %s is refused', (field) => {
    for (const lineBreak of ['\n', '\r', '\r\n', '\u2028']) {
      const value = `${String(messageFields()[field] ?? 'x')}${lineBreak}Nonce: 00000000`
      const error = errorOf(() => createSiwxMessage(messageFields({ [field]: value })))
      expect([error.field, error.reason]).toEqual([field, 'lineBreak'])
    }
  })

  test('behavior: line break inside a resource, resources not separated by line breaks', () => {
    const error = errorOf(() =>
      createSiwxMessage(messageFields({ resources: ['https://a.org\n- https://b.org'] })),
    )
    expect([error.field, error.reason]).toEqual(['resources', 'lineBreak'])
    const joined = errorOf(() =>
      createSiwxMessage(messageFields({ resources: ['https://a.org - https://b.org'] })),
    )
    expect([joined.field, joined.reason]).toEqual(['resources', 'invalid'])
  })

  const tooLong: [keyof SiwxMessage, unknown][] = [
    [
      'domain',
      `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(20)}.com`,
    ],
    ['uri', `https://service.org/${'a'.repeat(siwxFieldLimits.uri)}`],
    ['nonce', 'a'.repeat(siwxFieldLimits.nonce + 1)],
    ['statement', 'a'.repeat(siwxFieldLimits.statement + 1)],
    ['requestId', 'a'.repeat(siwxFieldLimits.requestId + 1)],
    ['scheme', `h${'a'.repeat(siwxFieldLimits.scheme)}`],
    ['issuedAt', `2021-09-30T16:25:24.${'0'.repeat(70)}Z`],
    [
      'resources',
      Array.from({ length: siwxFieldLimits.resources + 1 }, (_, i) => `https://a.org/${i}`),
    ],
    ['resources', [`https://a.org/${'a'.repeat(siwxFieldLimits.resource)}`]],
  ]
  test.each(tooLong)('behavior: over-long %s is refused', (field, value) => {
    const error = errorOf(() => createSiwxMessage(messageFields({ [field]: value })))
    expect([error.field, error.reason]).toEqual([field, 'tooLong'])
  })

  const invalid: [keyof SiwxMessage, unknown][] = [
    ['domain', 'user@service.org'],
    ['domain', 'service.org.'],
    ['domain', 'https://service.org'],
    ['domain', 'service.org:0'],
    ['domain', 'service.org:70000'],
    ['domain', 'serv ice.org'],
    ['uri', 'not a uri'],
    ['uri', '/relative/path'],
    ['nonce', 'short'],
    ['nonce', 'has-dash-1234'],
    ['version', '2'],
    ['chainId', 'eip155:0x1'],
    ['chainId', 'eip155:01'],
    ['chainId', 'unknown:1'],
    ['accountAddress', '0x1234'],
    ['statement', 'quote " is not in the EIP-4361 statement grammar'],
    ['requestId', 'has space'],
    ['scheme', '1https'],
    ['issuedAt', 'never'],
    ['issuedAt', '2021-02-30T00:00:00Z'],
    ['issuedAt', '2021-13-01T00:00:00Z'],
    ['issuedAt', '2021-09-30 16:25:24Z'],
    ['issuedAt', '1632925524'],
    ['expirationTime', 'never'],
    ['notBefore', '2021-09-30T25:00:00Z'],
  ]
  test.each(invalid)('behavior: invalid %s %j is refused', (field, value) => {
    const error = errorOf(() => createSiwxMessage(messageFields({ [field]: value })))
    expect([error.field, error.reason]).toEqual([field, 'invalid'])
  })

  test('behavior: missing required fields', () => {
    for (const field of [
      'domain',
      'uri',
      'nonce',
      'issuedAt',
      'accountAddress',
      'chainId',
      'version',
    ] as const) {
      const fields: Record<string, unknown> = { ...messageFields() }
      delete fields[field]
      const error = errorOf(() => createSiwxMessage(fields as unknown as SiwxMessage))
      expect([error.field, error.reason]).toEqual([field, 'missing'])
    }
  })

  test('behavior: solana statements may hold any printable text but not control characters', () => {
    const fields = messageFields({ chainId: solanaMainnet, accountAddress: solanaAddress })
    expect(createSiwxMessage({ ...fields, statement: 'Connexion à "Café"' })).toContain('Café')
    expect(errorOf(() => createSiwxMessage({ ...fields, statement: 'a\u0000b' })).reason).toBe(
      'invalid',
    )
    // A lone surrogate has no UTF-8 form: the wallet would sign other bytes (U+FFFD).
    expect(createSiwxMessage({ ...fields, statement: 'Signé 🔑' })).toContain('🔑')
    for (const statement of ['a\ud800b', 'key \udd11'])
      expect(errorOf(() => createSiwxMessage({ ...fields, statement })).field).toBe('statement')
    expect(errorOf(() => createSiwxMessage({ ...fields, accountAddress: '0OIl' })).field).toBe(
      'accountAddress',
    )
    // Base58 of the right length that is not 32 bytes (44 × "z" is 33 bytes) is no address.
    expect(
      errorOf(() => createSiwxMessage({ ...fields, accountAddress: 'z'.repeat(44) })).field,
    ).toBe('accountAddress')
  })

  test('behavior: error message', () => {
    expect(
      errorOf(() => createSiwxMessage(messageFields({ statement: 'a\nb' }))).shortMessage,
    ).toMatchInlineSnapshot(
      `"Sign-in message field "statement" is not allowed to contain a line break."`,
    )
  })
})
