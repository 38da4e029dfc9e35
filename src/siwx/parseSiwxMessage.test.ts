import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  evmAddress,
  messageFields,
  solanaAddress,
  solanaMainnet,
  validFields,
} from '../../test/harness/siwxFixtures'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { createSiwxMessage } from './createSiwxMessage'
import { parseSiwxMessage } from './parseSiwxMessage'
import { siwxFieldLimits } from './siwxFieldLimits'
import type { SiwxMessage } from './types'

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

  test('behavior: single-line mutations are judged by the EIP-4361 grammar, not by the parser', () => {
    // Text appended to one line of a valid message. What each line's ABNF admits is written here
    // by hand from EIP-4361 and RFC 3986: statement takes any of these; a URI or resource takes
    // more path/host characters and one fragment, never a space; the nonce and request id take
    // letters and digits; the chain id (eip155, 1*DIGIT) digits only; no other line takes anything.
    const fields = messageFields({ requestId: 'abc', resources: ['https://a.org'] })
    const lines = createSiwxMessage(fields).split('\n')
    type Junk = 'digits' | 'letters' | 'space' | 'fragment'
    const junk = fc.oneof(
      fc.stringMatching(/^[0-9]{1,6}$/).map((text) => ['digits', text] as const),
      fc.stringMatching(/^[a-z]{1,8}$/).map((text) => ['letters', text] as const),
      fc.stringMatching(/^[a-z0-9]{1,8}$/).map((text) => ['space', ` ${text}`] as const),
      fc.stringMatching(/^[a-z0-9]{0,8}$/).map((text) => ['fragment', `#${text}`] as const),
    )
    const admits: Record<number, [keyof SiwxMessage, Junk[]]> = {
      3: ['statement', ['digits', 'letters', 'space', 'fragment']],
      5: ['uri', ['digits', 'letters', 'fragment']],
      7: ['chainId', ['digits']],
      8: ['nonce', ['digits', 'letters']],
      10: ['requestId', ['digits', 'letters']],
      12: ['resources', ['digits', 'letters', 'fragment']],
    }
    expect(lines[3]).toBe(fields.statement)
    expect(lines[10]).toBe('Request ID: abc')
    expect(lines).toHaveLength(13)
    let accepted = 0
    let refused = 0
    fc.assert(
      fc.property(fc.integer({ min: 0, max: lines.length - 1 }), junk, (index, [kind, text]) => {
        const mutated = lines.map((line, i) => (i === index ? `${line}${text}` : line)).join('\n')
        const rule = admits[index]
        if (!rule?.[1].includes(kind)) {
          refused++
          expect(reject(mutated)[0]).not.toBe('accepted')
          return
        }
        accepted++
        const [field] = rule
        const value = field === 'resources' ? [`https://a.org${text}`] : `${fields[field]}${text}`
        expect(parseSiwxMessage(mutated)).toEqual({ ...fields, [field]: value })
      }),
      { numRuns: 500 },
    )
    expect(accepted).toBeGreaterThan(50)
    expect(refused).toBeGreaterThan(50)
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

describe('parseSiwxMessage: RFC 3986 URIs, empty statement, field at fault', () => {
  // Each of these passed the old character-class check; RFC 3986's grammar refuses them.
  const notUris: [string, string][] = [
    ['two "#"', 'https://service.org/login#a#b'],
    ['"[" in the path', 'https://service.org/[login]'],
    ['"]" in the query', 'https://service.org/login?q=]'],
    ['two ports', 'https://service.org:80:80/login'],
    ['port with a letter', 'https://service.org:8o/login'],
    ['two "@"', 'https://a@b@service.org/login'],
    ['reg-name in brackets', 'https://[service.org]/login'],
    ['bad IPv6 literal', 'https://[1::2::3]/login'],
    ['"@" in a bracketed host', 'https://[::1@evil.org]/'],
    ['"#" in the authority', 'https://evil.org#@service.org/#x'],
  ]

  test.each(notUris)('behavior: C1 a URI with %s is refused as the uri', (_, uri) => {
    expect(reject(example.replace('URI: https://service.org/login', `URI: ${uri}`))).toEqual([
      'uri',
      'invalid',
    ])
    expect(() => createSiwxMessage(messageFields({ uri }))).toThrowError(
      expect.objectContaining({ field: 'uri', reason: 'invalid' }),
    )
  })

  test.each(notUris)('behavior: C1 a resource with %s is refused as resources', (_, uri) => {
    expect(reject(`${example}\n- ${uri}`)).toEqual(['resources', 'invalid'])
    expect(() => createSiwxMessage(messageFields({ resources: [uri] }))).toThrowError(
      expect.objectContaining({ field: 'resources', reason: 'invalid' }),
    )
  })

  test('behavior: C1 RFC 3986 URIs the old check refused or that look odd are accepted', () => {
    for (const uri of [
      'https://[::1]:8443/login',
      'https://[v1.x]/login',
      'urn:isbn:0451450523',
      'https://service.org/login?a=/?:@#frag/?',
    ]) {
      const text = example.replace('URI: https://service.org/login', `URI: ${uri}`)
      expect(parseSiwxMessage(text).uri).toBe(uri)
    }
  })

  test.each([
    ['[1::2::3]', 'invalid'],
    ['[service.org]', 'invalid'],
    ['[::1', 'invalid'],
    ['[:::]', 'invalid'],
    ['[::1]:8443', 'accepted'],
    ['[v1.x]', 'accepted'],
    ['127.0.0.1:3000', 'accepted'],
  ])('behavior: C1 domain %s as an RFC 3986 authority: %s', (domain, expected) => {
    const [field, reason] = reject(example.replace('service.org wants', `${domain} wants`))
    expect(field === 'accepted' ? 'accepted' : `${field} ${reason}`).toBe(
      expected === 'accepted' ? 'accepted' : 'domain invalid',
    )
  })

  // EIP-4361: `address LF LF [ statement LF ] LF "URI: "…` with `statement = *( … )`: no statement
  // is three LFs after the address, the empty statement four.
  const emptyStatement = example.replace(
    `${evmAddress}\n\nI accept the ServiceOrg Terms of Service: https://service.org/tos\n\n`,
    `${evmAddress}\n\n\n\n`,
  )
  const noStatement = example.replace(
    `${evmAddress}\n\nI accept the ServiceOrg Terms of Service: https://service.org/tos\n\n`,
    `${evmAddress}\n\n\n`,
  )

  test('behavior: C1 an empty statement line is the empty statement, distinct from none', () => {
    expect(parseSiwxMessage(emptyStatement).statement).toBe('')
    expect('statement' in parseSiwxMessage(noStatement)).toBe(false)
  })

  test('behavior: C1 the empty statement round-trips through create and parse (eip155 and solana)', () => {
    const fields = parseSiwxMessage(emptyStatement)
    expect(createSiwxMessage(fields)).toBe(
      emptyStatement.replace('2021-09-30T16:25:24Z', '2021-09-30T16:25:24.000Z'),
    )
    for (const overrides of [
      { statement: '' },
      {
        statement: '',
        accountAddress: solanaAddress,
        chainId: solanaMainnet as SiwxMessage['chainId'],
      },
    ]) {
      const message = messageFields(overrides)
      const text = createSiwxMessage(message)
      expect(text).toContain('\n\n\n\nURI: ')
      expect(parseSiwxMessage(text)).toEqual(message)
    }
  })

  test('behavior: C1 an empty request id round-trips (`"Request ID: " *pchar`)', () => {
    for (const resources of [undefined, ['https://a.org/']]) {
      const message = messageFields({ requestId: '', resources })
      const text = createSiwxMessage(message)
      expect(text).toContain(resources ? '\nRequest ID: \nResources:' : '\nRequest ID: ')
      expect(parseSiwxMessage(text)).toEqual(message)
    }
  })

  // One message per field, broken in that field only; the error must name it.
  const atFault: [string, string, [string, string]][] = [
    ['message', 'service.org wants you to sign in', ['message', 'invalid']],
    [
      'scheme',
      example.replace('service.org wants', '1https://service.org wants'),
      ['scheme', 'invalid'],
    ],
    [
      'scheme (empty)',
      example.replace('service.org wants', '://service.org wants'),
      ['scheme', 'missing'],
    ],
    ['domain', example.replace('service.org wants', 'service org wants'), ['domain', 'invalid']],
    [
      'domain (IP literal)',
      example.replace('service.org wants', '[::g] wants'),
      ['domain', 'invalid'],
    ],
    ['accountAddress', example.replace(evmAddress, '0xabc'), ['accountAddress', 'invalid']],
    ['statement', example.replace('I accept', 'I "accept"'), ['statement', 'invalid']],
    [
      'uri',
      example.replace('URI: https://service.org/login', 'URI: https://service.org/#a#b'),
      ['uri', 'invalid'],
    ],
    ['version', example.replace('Version: 1', 'Version: 01'), ['version', 'invalid']],
    ['chainId', example.replace('Chain ID: 1', 'Chain ID: 01'), ['chainId', 'invalid']],
    ['nonce', example.replace('Nonce: 32891756', 'Nonce: 32891756!'), ['nonce', 'invalid']],
    [
      'issuedAt',
      example.replace('Issued At: 2021-09-30T16:25:24Z', 'Issued At: 2021-09-30'),
      ['issuedAt', 'invalid'],
    ],
    [
      'expirationTime (after Not Before)',
      example.replace(
        '\nResources:',
        '\nNot Before: 2021-09-30T16:25:24Z\nExpiration Time: 2021-10-30T16:25:24Z\nResources:',
      ),
      ['expirationTime', 'invalid'],
    ],
    [
      'notBefore (no space after the colon)',
      example.replace('\nResources:', '\nNot Before:2021-09-30T16:25:24Z\nResources:'),
      ['notBefore', 'invalid'],
    ],
    [
      'requestId',
      example.replace('\nResources:', '\nRequest ID: a b\nResources:'),
      ['requestId', 'invalid'],
    ],
    [
      'requestId (repeated)',
      example.replace('\nResources:', '\nRequest ID: a\nRequest ID: b\nResources:'),
      ['requestId', 'invalid'],
    ],
    [
      'resources (header)',
      example.replace('\nResources:', '\nResources: '),
      ['resources', 'invalid'],
    ],
    [
      'resources (entry)',
      example.replace('- https://example.com', '- https://exa mple.com'),
      ['resources', 'invalid'],
    ],
  ]

  test.each(atFault)('error: C1 a broken %s names that field', (_, text, expected) => {
    expect(reject(text)).toEqual(expected)
  })
})
