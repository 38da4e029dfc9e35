import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidWcUriError } from '../errors/InvalidWcUriError'
import { isWcUri, maxWcUriLength, parseWcUri } from './parseWcUri'

const topic = `${'a'.repeat(63)}b`
const symKey = '0123456789abcdef'.repeat(4)
const uri = `wc:${topic}@2?expiryTimestamp=1700000300&relay-protocol=irn&symKey=${symKey}`

function reasonOf(value: unknown): string | undefined {
  try {
    parseWcUri(value)
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidWcUriError)
    return (error as InvalidWcUriError).reason
  }
}

describe('parseWcUri', () => {
  test('default: a URI as core 2.21.8 makes it', () => {
    expect(parseWcUri(uri)).toEqual({
      topic,
      version: 2,
      symKey,
      relayProtocol: 'irn',
      expiryTimestamp: 1700000300,
    })
  })

  test('parameters: optional relay-data and methods, no expiry', () => {
    expect(
      parseWcUri(
        `wc:${topic}@2?relay-protocol=irn&relay-data=x&methods=[wc_sessionPropose]&symKey=${symKey}`,
      ),
    ).toEqual({
      topic,
      version: 2,
      symKey,
      relayProtocol: 'irn',
      relayData: 'x',
      methods: '[wc_sessionPropose]',
    })
  })

  test('behavior: upper-case hex and scheme are normalized', () => {
    const parsed = parseWcUri(
      `WC:${topic.toUpperCase()}@2?relay-protocol=irn&symKey=${symKey.toUpperCase()}`,
    )
    expect(parsed.topic).toBe(topic)
    expect(parsed.symKey).toBe(symKey)
  })

  test('behavior: each faulty part has its reason', () => {
    expect(reasonOf(42)).toBe('not-a-string')
    expect(reasonOf(`${uri}&pad=${'x'.repeat(maxWcUriLength)}`)).toBe('too-long')
    expect(reasonOf(`https://example.com/${topic}@2?relay-protocol=irn&symKey=${symKey}`)).toBe(
      'scheme',
    )
    expect(reasonOf(`wc:${topic.slice(1)}@2?relay-protocol=irn&symKey=${symKey}`)).toBe('topic')
    expect(reasonOf(`wc:${'g'.repeat(64)}@2?relay-protocol=irn&symKey=${symKey}`)).toBe('topic')
    expect(reasonOf(`wc:${topic}@1?bridge=https%3A%2F%2Fx&key=${symKey}`)).toBe('version')
    expect(reasonOf(`wc:${topic}@2`)).toBe('topic')
    expect(reasonOf(`wc:${topic}@2?relay-protocol=irn`)).toBe('symKey')
    expect(reasonOf(`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}00`)).toBe('symKey')
    expect(reasonOf(`wc:${topic}@2?symKey=${symKey}`)).toBe('relayProtocol')
    expect(reasonOf(`wc:${topic}@2?relay-protocol=i%20rn&symKey=${symKey}`)).toBe('relayProtocol')
    expect(reasonOf(`${uri.replace('1700000300', '-1')}`)).toBe('expiryTimestamp')
    expect(reasonOf(`${uri.replace('1700000300', '0')}`)).toBe('expiryTimestamp')
  })

  test('behavior: the message never holds the URI (it carries the symmetric key)', () => {
    try {
      parseWcUri(`wc:${topic}@2?relay-protocol=irn&symKey=${symKey}zz`)
    } catch (error) {
      expect((error as Error).message).not.toContain(symKey)
      expect((error as InvalidWcUriError).shortMessage).toMatchInlineSnapshot(
        `"WalletConnect URI is invalid: the "symKey" parameter is not 64 hex characters."`,
      )
    }
  })

  test('property: every well-formed URI parses back to its parts', () => {
    const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/)
    fc.assert(
      fc.property(
        hex64,
        hex64,
        fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: undefined }),
        (t, k, expiry) => {
          const value = `wc:${t}@2?${expiry === undefined ? '' : `expiryTimestamp=${expiry}&`}relay-protocol=irn&symKey=${k}`
          const parsed = parseWcUri(value)
          expect(parsed).toMatchObject({ topic: t, symKey: k, version: 2, relayProtocol: 'irn' })
          expect(parsed.expiryTimestamp).toBe(expiry)
        },
      ),
    )
  })

  test('property: arbitrary strings either parse or throw InvalidWcUriError, nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `wc:${s}`),
          fc.anything(),
        ),
        (value) => {
          try {
            parseWcUri(value)
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidWcUriError)
          }
        },
      ),
    )
  })
})

describe('isWcUri', () => {
  test('default', () => {
    expect(isWcUri(uri)).toBe(true)
    expect(isWcUri('wc:')).toBe(false)
    expect(isWcUri(undefined)).toBe(false)
  })
})
