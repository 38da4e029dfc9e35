import { InvalidRequestError } from '../errors/InvalidRequestError'
import { encodeBase58 } from '../utils/encodeBase58'

// The wire format of a Solana transaction, read by hand: the frame must show it and the server
// sign it without a Solana SDK (neither ships one). Strict as a validator's sanitiser is: exact
// length, canonical compact-u16 lengths, header counts that fit, no account twice, programs
// from the static keys.
// @see https://solana.com/docs/core/transactions

/** The most bytes a transaction may have on the wire (an IPv6 packet less headers). */
export const maxTransactionBytes = 1232

/** One instruction: its program and accounts as indexes into the account list, and its data. */
export interface SolanaInstruction {
  programIndex: number
  accounts: number[]
  data: Uint8Array
}

/** An address lookup table of a version 0 message and the indexes it loads. */
export interface SolanaLookup {
  /** The table's address (base58). */
  table: string
  writable: number[]
  readonly: number[]
}

/** A decoded transaction message (what each signature signs). */
export interface SolanaMessage {
  version: 'legacy' | 0
  /** Signers first (the fee payer at 0), then the others. */
  header: { requiredSignatures: number; readonlySigned: number; readonlyUnsigned: number }
  /** The message's own addresses (base58). */
  staticAccounts: string[]
  recentBlockhash: string
  instructions: SolanaInstruction[]
  lookups: SolanaLookup[]
}

/** A decoded wire transaction: its signatures and the exact message bytes they sign. */
export interface SolanaTransaction extends SolanaMessage {
  signatures: Uint8Array[]
  /** The message bytes (everything after the signatures). */
  messageBytes: Uint8Array
}

function fail(reason: string): never {
  throw new InvalidRequestError({ reason: `The transaction ${reason}` })
}

function reader(bytes: Uint8Array) {
  let offset = 0
  const take = (count: number): Uint8Array => {
    if (offset + count > bytes.length) fail('ends too early.')
    const slice = bytes.subarray(offset, offset + count)
    offset += count
    return slice
  }
  return {
    get offset() {
      return offset
    },
    get done() {
      return offset === bytes.length
    },
    peek: () => (offset < bytes.length ? (bytes[offset] as number) : fail('ends too early.')),
    byte: () => take(1)[0] as number,
    take,
    /** compact-u16: 7 bits a byte, at most 3 bytes, no longer than needed. */
    length(): number {
      let value = 0
      for (let index = 0; index < 3; index++) {
        const byte = take(1)[0] as number
        value |= (byte & 0x7f) << (7 * index)
        if ((byte & 0x80) === 0) {
          if (index > 0 && byte === 0) fail('has a length written with more bytes than needed.')
          if (value > 0xffff) fail('has a length above 65535.')
          return value
        }
      }
      return fail('has a length longer than 3 bytes.')
    },
  }
}

type Reader = ReturnType<typeof reader>

function readIndexes(input: Reader): number[] {
  return Array.from(input.take(input.length()))
}

function readMessage(input: Reader): SolanaMessage {
  const first = input.peek()
  let version: SolanaMessage['version'] = 'legacy'
  if (first & 0x80) {
    input.byte()
    if ((first & 0x7f) !== 0) fail(`is of version ${first & 0x7f}; only legacy and 0 are known.`)
    version = 0
  }
  const header = {
    requiredSignatures: input.byte(),
    readonlySigned: input.byte(),
    readonlyUnsigned: input.byte(),
  }
  const staticAccounts: string[] = []
  const count = input.length()
  for (let index = 0; index < count; index++) staticAccounts.push(encodeBase58(input.take(32)))
  const recentBlockhash = encodeBase58(input.take(32))
  const instructions: SolanaInstruction[] = []
  const instructionCount = input.length()
  for (let index = 0; index < instructionCount; index++) {
    const programIndex = input.byte()
    const accounts = readIndexes(input)
    instructions.push({ programIndex, accounts, data: input.take(input.length()) })
  }
  const lookups: SolanaLookup[] = []
  if (version === 0) {
    const lookupCount = input.length()
    for (let index = 0; index < lookupCount; index++)
      lookups.push({
        table: encodeBase58(input.take(32)),
        writable: readIndexes(input),
        readonly: readIndexes(input),
      })
  }
  return { version, header, staticAccounts, recentBlockhash, instructions, lookups }
}

function checkMessage(message: SolanaMessage): void {
  const { header, staticAccounts, instructions, lookups } = message
  const keys = staticAccounts.length
  if (header.requiredSignatures === 0) fail('has no signer (fee payer).')
  if (header.requiredSignatures > keys) fail('needs more signers than it has accounts.')
  if (header.readonlySigned >= header.requiredSignatures)
    fail('has a read-only fee payer (every signer is read-only).')
  if (header.readonlyUnsigned > keys - header.requiredSignatures)
    fail('has more read-only accounts than accounts.')
  if (new Set(staticAccounts).size !== keys) fail('lists an account twice.')
  const loaded = lookups.reduce((sum, item) => sum + item.writable.length + item.readonly.length, 0)
  if (keys + loaded > 256) fail('uses more than 256 accounts.')
  for (const lookup of lookups) {
    if (lookup.writable.length + lookup.readonly.length === 0)
      fail('has an address lookup table that loads nothing.')
    if (staticAccounts.includes(lookup.table)) fail('lists a lookup table as an account.')
  }
  for (const instruction of instructions) {
    if (instruction.programIndex === 0 || instruction.programIndex >= keys)
      fail('calls a program that is not one of its own accounts (or is the fee payer).')
    if (instruction.accounts.some((index) => index >= keys + loaded))
      fail('has an instruction naming an account it does not list.')
  }
}

/**
 * Decodes a wire transaction (legacy or version 0): compact-u16 signature count, 64-byte
 * signatures, then the message. The signature count must be the header's signer count and no
 * byte may follow the message.
 * @throws InvalidRequestError naming what is wrong
 */
export function decodeSolanaTransaction(bytes: Uint8Array): SolanaTransaction {
  if (bytes.length > maxTransactionBytes) fail(`is larger than ${maxTransactionBytes} bytes.`)
  const input = reader(bytes)
  const signatures: Uint8Array[] = []
  const count = input.length()
  for (let index = 0; index < count; index++) signatures.push(input.take(64))
  const start = input.offset
  const message = readMessage(input)
  if (!input.done) fail('has bytes after its message.')
  checkMessage(message)
  if (signatures.length !== message.header.requiredSignatures)
    fail(`has ${signatures.length} signatures for ${message.header.requiredSignatures} signers.`)
  return { ...message, signatures, messageBytes: bytes.subarray(start) }
}

/**
 * Whether bytes could be a transaction message, whose signature would authorise a transaction:
 * a first byte of 0x80–0xBF (a versioned message, versions 0 to 63, whatever its layout; never
 * the first byte of UTF-8 text), or bytes that read whole as a legacy message (the layout alone,
 * none of the checks a validator might not make). Generous on purpose: text never reads as one.
 */
export function isSolanaMessage(bytes: Uint8Array): boolean {
  const first = bytes[0] ?? 0
  if (first >= 0x80) return first <= 0xbf
  try {
    const input = reader(bytes)
    readMessage(input)
    return input.done
  } catch {
    return false
  }
}
