import { getTransactionDecoder } from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { compileLegacyTransaction } from './compileLegacyTransaction'
import { insertSolanaSignature } from './insertSolanaSignature'

const payer = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const cosigner = 'So11111111111111111111111111111111111111112'
const blockhash = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
const systemProgram = '11111111111111111111111111111111'

// two signers: the fee payer and a co-signer of the one instruction
const unsigned = compileLegacyTransaction({
  feePayer: payer,
  blockhash,
  instructions: [
    {
      programAddress: systemProgram,
      accounts: [{ address: cosigner, signer: true, writable: true }],
      data: new Uint8Array([2, 0, 0, 0]),
    },
  ],
})
const bytes64 = fc.uint8Array({ minLength: 64, maxLength: 64 })

describe('insertSolanaSignature', () => {
  test('default: the signature lands in the signer’s slot, as @solana/kit reads it', () => {
    fc.assert(
      fc.property(bytes64, bytes64, (first, second) => {
        const signed = insertSolanaSignature(
          insertSolanaSignature(unsigned, cosigner, second),
          payer,
          first,
        )
        const read = getTransactionDecoder().decode(signed)
        expect(read.signatures[payer as never]).toEqual(first)
        expect(read.signatures[cosigner as never]).toEqual(second)
        expect(new Uint8Array(read.messageBytes)).toEqual(unsigned.subarray(1 + 2 * 64))
        // the input is left as it was
        expect(unsigned.subarray(1, 129).every((byte) => byte === 0)).toBe(true)
      }),
    )
  })

  test('behavior: refuses a signature of another length, and an account that does not sign', () => {
    expect(() => insertSolanaSignature(unsigned, payer, new Uint8Array(63))).toThrowError(
      /64 bytes/,
    )
    expect(() => insertSolanaSignature(unsigned, systemProgram, new Uint8Array(64))).toThrowError(
      `${systemProgram} does not sign this transaction.`,
    )
    expect(() =>
      insertSolanaSignature(new Uint8Array([1, 2, 3]), payer, new Uint8Array(64)),
    ).toThrowError(/The transaction/)
  })
})
