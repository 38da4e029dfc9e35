import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeBase58 } from './decodeBase58'
import { encodeBase58 } from './encodeBase58'

// The reference is @solana/kit's codec (a dev dependency), not this file.
const kitEncode = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const kitDecode = (text: string) => new Uint8Array(getBase58Encoder().encode(text))

describe('decodeBase58', () => {
  test('default: the System Program id is 32 zero bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
  })

  test('behavior: decodes what it encodes, and what kit encodes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
        expect(decodeBase58(kitEncode(bytes))).toEqual(kitDecode(kitEncode(bytes)))
      }),
    )
  })

  test('behavior: a character outside the alphabet (0, O, I, l, +) is undefined', () => {
    for (const text of ['0', 'O', 'I', 'l', '+', 'abc ', 'é'])
      expect(decodeBase58(text)).toBe(undefined)
  })
})
