import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { token2022ProgramAddress, tokenProgramAddress } from './findAssociatedTokenAddress'
import { splTransferSupport } from './splTransferSupport'

/** A Token-2022 mint's data: a bare 82-byte mint, or padded to 165, type Mint, then TLV entries. */
function mintData(extensions: readonly (readonly [type: number, value: Uint8Array])[], pad = 0) {
  if (extensions.length === 0) return new Uint8Array(82).fill(7)
  const size = extensions.reduce((total, [, value]) => total + 4 + value.length, 166) + pad
  const data = new Uint8Array(size)
  data.fill(7, 0, 82)
  data[165] = 1
  const view = new DataView(data.buffer)
  let offset = 166
  for (const [type, value] of extensions) {
    view.setUint16(offset, type, true)
    view.setUint16(offset + 2, value.length, true)
    data.set(value, offset + 4)
    offset += 4 + value.length
  }
  return data
}

const bytes = (length: number, fill = 1) => new Uint8Array(length).fill(fill)
const token2022 = (data: Uint8Array) =>
  splTransferSupport({ tokenProgram: token2022ProgramAddress, mintData: data })
const plain = [3, 4, 12, 18, 19, 20, 21, 22, 23]

describe('splTransferSupport', () => {
  test('default: an SPL Token mint needs no data: a 165-byte account', () => {
    expect(splTransferSupport({ tokenProgram: tokenProgramAddress })).toEqual({
      supported: true,
      accountSpace: 165,
    })
  })

  test('parameters: mintData: a Token-2022 mint without extensions, or with plain ones: 170 bytes (ImmutableOwner)', () => {
    const supported = { supported: true, accountSpace: 170 }
    expect(token2022(mintData([]))).toEqual(supported)
    // MintCloseAuthority, MetadataPointer and TokenMetadata, then zero padding
    expect(
      token2022(
        mintData(
          [
            [3, bytes(32)],
            [18, bytes(64)],
            [19, bytes(90)],
          ],
          12,
        ),
      ),
    ).toEqual(supported)
    // DefaultAccountState: Initialized is plain, Frozen would freeze the receiver's new account
    expect(token2022(mintData([[6, Uint8Array.of(1)]]))).toEqual(supported)
    expect(token2022(mintData([[6, Uint8Array.of(2)]]))).toEqual({
      supported: false,
      reason: 'extensions',
      extensions: [6],
    })
  })

  test('behavior: extensions that change a transfer are named and refused', () => {
    // TransferFeeConfig, MetadataPointer, TransferHook, NonTransferable
    expect(
      token2022(
        mintData([
          [1, bytes(108)],
          [18, bytes(64)],
          [14, bytes(64)],
          [9, bytes(0)],
        ]),
      ),
    ).toEqual({ supported: false, reason: 'extensions', extensions: [1, 14, 9] })
  })

  test('error: data that is not a Token-2022 mint, and programs that are not token programs', () => {
    const notAMint = { supported: false, reason: 'notAMint' }
    expect(splTransferSupport({ tokenProgram: token2022ProgramAddress })).toEqual(notAMint)
    expect(
      splTransferSupport({
        tokenProgram: '11111111111111111111111111111111',
        mintData: mintData([]),
      }),
    ).toEqual(notAMint)
    // a token account (165 bytes, or typed Account), a short one, a TLV running off the end
    expect(token2022(bytes(165))).toEqual(notAMint)
    expect(token2022(bytes(120))).toEqual(notAMint)
    const account = mintData([[7, bytes(0)]])
    account[165] = 2
    expect(token2022(account)).toEqual(notAMint)
    expect(token2022(mintData([[3, bytes(32)]]).subarray(0, 190))).toEqual(notAMint)
  })

  test('behavior: any TLV list: supported exactly when every extension is plain, the others listed in order', () => {
    const entry = fc.tuple(
      fc.integer({ min: 1, max: 40 }),
      fc.uint8Array({ minLength: 0, maxLength: 40 }),
    )
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), fc.nat(8), (extensions, pad) => {
        const refused = extensions
          .filter(([type, value]) => !plain.includes(type) && !(type === 6 && value[0] === 1))
          .map(([type]) => type)
        expect(token2022(mintData(extensions, pad))).toEqual(
          refused.length === 0
            ? { supported: true, accountSpace: 170 }
            : { supported: false, reason: 'extensions', extensions: refused },
        )
      }),
    )
  })

  test('behavior: never throws on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (data) => {
        expect(['notAMint', 'extensions', undefined]).toContain(
          (token2022(data) as { reason?: string }).reason,
        )
      }),
    )
  })
})
