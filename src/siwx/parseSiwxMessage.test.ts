import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { createSiwxMessage } from './createSiwxMessage'
import { parseSiwxMessage } from './parseSiwxMessage'
import { siwxFieldLimits } from './siwxFieldLimits'
import { evmAddress, messageFields, validFields } from './testFixtures'

const example = `service.org wants you to sign in with your Ethereum account:
${evmAddress}

I accept the ServiceOrg Terms of Service: https://service.org/tos

URI: https://service.org/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

function reject(text: string): [string, string] {
  try {
    parseSiwxMessage(text)
  } catch (error) {
    if (error instanceof InvalidSiwxMessageError) return [error.field, error.reason]
    throw error
  }
  return ['accepted', '']
}

describe('parseSiwxMessage', () => {
  test('default: the EIP-4361 example', () => {
    expect(parseSiwxMessage(example)).toEqual({
      accountAddress: evmAddress,
      chainId: 'eip155:1',
      domain: 'service.org',
      uri: 'https://service.org/login',
      version: '1',
      nonce: '32891756',
      issuedAt: '2021-09-30T16:25:24Z',
      statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    })
  })

  test('behavior: optional fields, scheme, empty request id, empty resources', () => {
    const text = createSiwxMessage(
      messageFields({
        scheme: 'https',
        statement: undefined,
        expirationTime: '2022-01-01T00:00:00.000Z',
        notBefore: '2021-01-01T00:00:00.000Z',
        resources: [],
      }),
    )
    expect(parseSiwxMessage(text)).toMatchObject({
      scheme: 'https',
      resources: [],
      notBefore: '2021-01-01T00:00:00.000Z',
    })
    expect(parseSiwxMessage(text).statement).toBeUndefined()
    const withEmptyRequestId = example.replace('\nResources:', '\nRequest ID:\nResources:')
    expect(parseSiwxMessage(withEmptyRequestId).requestId).toBe('')
  })

  test('behavior: round trip create → parse for random valid fields', () => {
    fc.assert(
      fc.property(validFields, (fields) => {
        expect(parseSiwxMessage(createSiwxMessage(fields))).toEqual(fields)
      }),
      { numRuns: 300 },
    )
  })

  test('behavior: arbitrary text throws only InvalidSiwxMessageError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(reject(text)[0]).not.toBe('accepted')
      }),
    )
  })

  test('behavior: single-line mutations of a valid message are rejected or still valid, never partial', () => {
    const valid = createSiwxMessage(
      messageFields({ requestId: 'abc', resources: ['https://a.org'] }),
    )
    const lines = valid.split('\n')
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: lines.length - 1 }),
        fc.string({ maxLength: 30 }),
        (index, junk) => {
          const mutated = lines.map((line, i) => (i === index ? `${line}${junk}` : line)).join('\n')
          try {
            const parsed = parseSiwxMessage(mutated)
            // Still a message: it must render back to itself (modulo time normalization).
            expect(parseSiwxMessage(createSiwxMessage(parsed))).toEqual({
              ...parsed,
              issuedAt: new Date(parsed.issuedAt).toISOString(),
            })
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidSiwxMessageError)
          }
        },
      ),
    )
  })

  const negatives: [string, string, [string, string]][] = [
    [
      'no header',
      example.replace(
        'service.org wants you to sign in with your Ethereum account:',
        'service.org wants you to sign in',
      ),
      ['message', 'invalid'],
    ],
    [
      'unknown chain name',
      example.replace('Ethereum account', 'Dogecoin account'),
      ['chainId', 'invalid'],
    ],
    ['empty domain', example.replace('service.org wants', ' wants'), ['domain', 'missing']],
    [
      'domain with userinfo',
      example.replace('service.org wants', 'me@service.org wants'),
      ['domain', 'invalid'],
    ],
    [
      'domain with trailing dot',
      example.replace('service.org wants', 'service.org. wants'),
      ['domain', 'invalid'],
    ],
    [
      'address not checksummed',
      example.replace(evmAddress, evmAddress.toLowerCase()),
      ['accountAddress', 'invalid'],
    ],
    ['address too short', example.replace(evmAddress, '0x1234'), ['accountAddress', 'invalid']],
    [
      'no empty line after address',
      example.replace(`${evmAddress}\n\n`, `${evmAddress}\n`),
      ['message', 'invalid'],
    ],
    [
      'statement over two lines',
      example.replace('Terms of Service: https://service.org/tos', 'Terms\nof Service'),
      ['statement', 'lineBreak'],
    ],
    [
      'statement too long',
      example.replace('I accept', 'a'.repeat(siwxFieldLimits.statement)),
      ['statement', 'tooLong'],
    ],
    [
      'statement outside the grammar',
      example.replace('I accept', 'I <accept>'),
      ['statement', 'invalid'],
    ],
    ['missing URI', example.replace('URI: https://service.org/login\n', ''), ['uri', 'missing']],
    ['missing version', example.replace('Version: 1\n', ''), ['version', 'missing']],
    ['version 2', example.replace('Version: 1', 'Version: 2'), ['version', 'invalid']],
    ['missing chain id', example.replace('Chain ID: 1\n', ''), ['chainId', 'missing']],
    ['hex chain id', example.replace('Chain ID: 1', 'Chain ID: 0x1'), ['chainId', 'invalid']],
    ['missing nonce', example.replace('Nonce: 32891756\n', ''), ['nonce', 'missing']],
    ['short nonce', example.replace('Nonce: 32891756', 'Nonce: 1234567'), ['nonce', 'invalid']],
    [
      'missing issued at',
      example.replace('Issued At: 2021-09-30T16:25:24Z\n', ''),
      ['issuedAt', 'missing'],
    ],
    [
      'issued at not a time',
      example.replace('2021-09-30T16:25:24Z', 'yesterday'),
      ['issuedAt', 'invalid'],
    ],
    [
      'expiration never',
      example.replace('\nResources:', '\nExpiration Time: never\nResources:'),
      ['expirationTime', 'invalid'],
    ],
    [
      'not before on 30 February',
      example.replace('\nResources:', '\nNot Before: 2021-02-30T00:00:00Z\nResources:'),
      ['notBefore', 'invalid'],
    ],
    [
      'fields out of order',
      example.replace('Version: 1\nChain ID: 1', 'Chain ID: 1\nVersion: 1'),
      ['version', 'missing'],
    ],
    [
      'duplicate field',
      example.replace('Nonce: 32891756\n', 'Nonce: 32891756\nNonce: 99999999\n'),
      ['issuedAt', 'missing'],
    ],
    [
      'resource without dash',
      example.replace('- https://example.com', 'https://example.com'),
      ['resources', 'invalid'],
    ],
    [
      'resources on one line',
      example.replace(
        '\n- https://example.com/my-web2-claim.json',
        ' - https://example.com/my-web2-claim.json',
      ),
      ['resources', 'invalid'],
    ],
    [
      'unknown trailing line',
      `${example.split('\nResources:')[0]}\nFoo: bar`,
      ['message', 'invalid'],
    ],
    ['trailing line feed', `${example}\n`, ['resources', 'invalid']],
    ['CRLF line ends', example.replaceAll('\n', '\r\n'), ['message', 'invalid']],
    [
      'oversized message',
      `${example}\n- https://a.org/${'a'.repeat(siwxFieldLimits.message)}`,
      ['message', 'tooLong'],
    ],
    [
      'too many resources',
      `${example}${'\n- https://a.org'.repeat(siwxFieldLimits.resources)}`,
      ['resources', 'tooLong'],
    ],
  ]
  test.each(negatives)('behavior: rejects %s', (_, text, expected) => {
    expect(reject(text)).toEqual(expected)
  })
})
