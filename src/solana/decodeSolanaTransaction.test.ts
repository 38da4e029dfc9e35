import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  type SignatureBytes,
  type TransactionMessageBytes,
} from '@solana/kit'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  decodeSolanaTransaction,
  isSolanaMessage,
  maxTransactionBytes,
} from './decodeSolanaTransaction'

// The reference is @solana/kit's encoders (a dev dependency): random compiled messages are
// encoded by kit and read back here.

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(base58)

type Compiled = {
  version: 'legacy' | 0
  header: {
    numSignerAccounts: number
    numReadonlySignerAccounts: number
    numReadonlyNonSignerAccounts: number
  }
  staticAccounts: Address[]
  lifetimeToken: string
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[]
  addressTableLookups?: {
    lookupTableAddress: Address
    writableIndexes: number[]
    readonlyIndexes: number[]
  }[]
}
type KitCompiled = Parameters<ReturnType<typeof getCompiledTransactionMessageEncoder>['encode']>[0]
const encodeMessage = (message: Compiled) =>
  getCompiledTransactionMessageEncoder().encode(message as unknown as KitCompiled)

const compiled = fc
  .record({
    version: fc.constantFrom('legacy' as const, 0 as const),
    keys: fc.uniqueArray(key, { minLength: 2, maxLength: 12 }),
    signers: fc.integer({ min: 1, max: 4 }),
    blockhash: key,
    instructions: fc.array(
      fc.record({
        program: fc.nat(),
        accounts: fc.array(fc.nat(), { maxLength: 6 }),
        data: fc.uint8Array({ maxLength: 40 }),
      }),
      { maxLength: 4 },
    ),
    lookups: fc.array(
      fc.record({
        table: key,
        writable: fc.array(fc.nat(255), { minLength: 1, maxLength: 3 }),
        readonly: fc.array(fc.nat(255), { maxLength: 3 }),
      }),
      { maxLength: 2 },
    ),
  })
  .map(({ version, keys, signers, blockhash, instructions, lookups }) => {
    const required = Math.min(signers, keys.length - 1)
    const tables = version === 0 ? lookups.filter((item) => !keys.includes(item.table)) : []
    const loaded = tables.reduce(
      (sum, item) => sum + item.writable.length + item.readonly.length,
      0,
    )
    const message = {
      version,
      header: {
        numSignerAccounts: required,
        numReadonlySignerAccounts: required - 1,
        numReadonlyNonSignerAccounts: keys.length - required,
      },
      staticAccounts: keys as Address[],
      lifetimeToken: blockhash,
      instructions: instructions.map((item) => ({
        programAddressIndex: 1 + (item.program % (keys.length - 1)),
        accountIndices: item.accounts.map((index) => index % (keys.length + loaded)),
        data: item.data,
      })),
      ...(version === 0
        ? {
            addressTableLookups: tables.map((item) => ({
              lookupTableAddress: item.table as Address,
              writableIndexes: item.writable,
              readonlyIndexes: item.readonly,
            })),
          }
        : {}),
    } as Compiled
    return { message, required }
  })

function wire(message: Compiled, required: number, signature = 7) {
  const messageBytes = encodeMessage(message) as TransactionMessageBytes
  const signatures: Record<string, SignatureBytes> = {}
  for (const [index, address] of message.staticAccounts.slice(0, required).entries())
    signatures[address] = new Uint8Array(64).fill(signature + index) as SignatureBytes
  return new Uint8Array(getTransactionEncoder().encode({ messageBytes, signatures }))
}

function reasonOf(bytes: Uint8Array): string {
  try {
    decodeSolanaTransaction(bytes)
  } catch (error) {
    return (error as { reason: string }).reason
  }
  return 'no error'
}

describe('decodeSolanaTransaction', () => {
  test('behavior: reads what kit encodes, legacy and version 0, lookups included', () => {
    fc.assert(
      fc.property(compiled, ({ message, required }) => {
        const bytes = wire(message, required)
        fc.pre(bytes.length <= maxTransactionBytes)
        const decoded = decodeSolanaTransaction(bytes)
        expect(decoded.version).toBe(message.version)
        expect(decoded.staticAccounts).toEqual(message.staticAccounts)
        expect(decoded.recentBlockhash).toBe(message.lifetimeToken)
        expect(decoded.header).toEqual({
          requiredSignatures: message.header.numSignerAccounts,
          readonlySigned: message.header.numReadonlySignerAccounts,
          readonlyUnsigned: message.header.numReadonlyNonSignerAccounts,
        })
        expect(
          decoded.instructions.map((item) => ({
            programAddressIndex: item.programIndex,
            accountIndices: item.accounts,
            data: item.data,
          })),
        ).toEqual(
          message.instructions.map((item) => ({
            programAddressIndex: item.programAddressIndex,
            accountIndices: item.accountIndices ?? [],
            data: new Uint8Array(item.data ?? []),
          })),
        )
        const lookups = message.addressTableLookups ?? []
        expect(decoded.lookups).toEqual(
          lookups.map((item) => ({
            table: item.lookupTableAddress,
            writable: item.writableIndexes,
            readonly: item.readonlyIndexes,
          })),
        )
        expect(decoded.signatures).toHaveLength(required)
        expect(decoded.signatures[0]).toEqual(new Uint8Array(64).fill(7))
        expect(decoded.messageBytes).toEqual(getCompiledTransactionMessageEncoder().encode(message))
        expect(isSolanaMessage(decoded.messageBytes)).toBe(true)
      }),
    )
  })

  test('behavior: any byte string is decoded or refused with an InvalidRequestError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          decodeSolanaTransaction(bytes)
        } catch (error) {
          expect((error as Error).name).toBe('InvalidRequestError')
        }
      }),
    )
  })

  test('error: a cut, a trailing byte, a missing signature, an unknown version', () => {
    const sample = fc.sample(compiled, { numRuns: 1, seed: 1 })[0]
    if (!sample) throw new Error('no sample')
    const bytes = wire(sample.message, sample.required)
    expect(reasonOf(bytes.subarray(0, bytes.length - 1))).toBe('The transaction ends too early.')
    expect(reasonOf(Uint8Array.from([...bytes, 0]))).toBe(
      'The transaction has bytes after its message.',
    )
    // One signature fewer: the count byte says so and 64 bytes go.
    const fewer = Uint8Array.from([sample.required - 1, ...bytes.subarray(1 + 64)])
    expect(reasonOf(fewer)).toMatch(/^The transaction has \d+ signatures for \d+ signers\.$/)
    const versioned = wire({ ...sample.message, version: 0 } as Compiled, sample.required)
    const v1 = Uint8Array.from(versioned)
    v1[1 + 64 * sample.required] = 0x81
    expect(reasonOf(v1)).toBe('The transaction is of version 1; only legacy and 0 are known.')
    expect(reasonOf(new Uint8Array(maxTransactionBytes + 1))).toBe(
      `The transaction is larger than ${maxTransactionBytes} bytes.`,
    )
    // A length written as 0x80 0x00 (zero in two bytes) is refused, as a validator does.
    expect(reasonOf(Uint8Array.from([0x80, 0x00]))).toBe(
      'The transaction has a length written with more bytes than needed.',
    )
  })

  test('error: a program that is the fee payer, an account listed twice', () => {
    const [a, b, c] = fc.sample(key, { numRuns: 3, seed: 2 }) as [Address, Address, Address]
    const base = {
      version: 'legacy',
      header: {
        numSignerAccounts: 1,
        numReadonlySignerAccounts: 0,
        numReadonlyNonSignerAccounts: 1,
      },
      staticAccounts: [a, b, c],
      lifetimeToken: a,
      instructions: [{ programAddressIndex: 2, accountIndices: [0, 1] }],
    } as Compiled
    expect(reasonOf(wire(base, 1))).toBe('no error')
    expect(
      reasonOf(wire({ ...base, instructions: [{ programAddressIndex: 0 }] } as Compiled, 1)),
    ).toMatch(/calls a program that is not one of its own accounts/)
    expect(reasonOf(wire({ ...base, staticAccounts: [a, b, a] } as Compiled, 1))).toBe(
      'The transaction lists an account twice.',
    )
    expect(
      reasonOf(
        wire(
          {
            ...base,
            header: { ...base.header, numReadonlySignerAccounts: 1 },
          } as Compiled,
          1,
        ),
      ),
    ).toBe('The transaction has a read-only fee payer (every signer is read-only).')
  })
})

describe('isSolanaMessage', () => {
  test('default: text is never a transaction message; versioned prefixes always are', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(isSolanaMessage(new TextEncoder().encode(text))).toBe(false)
      }),
    )
    expect(isSolanaMessage(Uint8Array.from([0x81, 1, 2, 3]))).toBe(true)
    expect(isSolanaMessage(Uint8Array.from([0xbf]))).toBe(true)
    // The off-chain message format starts with 0xff: not a transaction.
    expect(
      isSolanaMessage(Uint8Array.from([0xff, ...new TextEncoder().encode('solana offchain')])),
    ).toBe(false)
  })
})
