import { getBase58Decoder } from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { encodeBase58 } from './encodeBase58'

// The reference is @solana/kit's codec (a dev dependency), not this file.
const kitEncode = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

describe('encodeBase58', () => {
  test('default: the System Program id is 32 zero bytes', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })

  test('behavior: encodes as @solana/kit does, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(encodeBase58(bytes)).toBe(kitEncode(bytes))
      }),
    )
  })
})
