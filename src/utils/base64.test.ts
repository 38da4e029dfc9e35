import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeBase64, encodeBase64 } from './base64'

describe('base64', () => {
  test('default: encodes as Node does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
        expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes)
      }),
    )
  })

  test('behavior: only the canonical padded spelling decodes', () => {
    expect(decodeBase64('aGk=')).toEqual(new TextEncoder().encode('hi'))
    // Unpadded, url-safe, whitespace, unused bits set, stray characters.
    for (const text of ['aGk', 'a-_=', 'aG k=', 'aGl=', 'aGk==', '====', 'aGk=aGk='])
      expect(decodeBase64(text)).toBe(undefined)
  })

  test('behavior: any string decodes to undefined or re-encodes to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const bytes = decodeBase64(text)
        if (bytes) expect(encodeBase64(bytes)).toBe(text)
      }),
    )
  })
})
