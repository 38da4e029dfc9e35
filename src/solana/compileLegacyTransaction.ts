import { decodeBase58 } from '../utils/decodeBase58'
import { parseSolanaAddress } from './solanaAddress'

// A legacy transaction as wire bytes, written by hand as `decodeSolanaTransaction.ts` reads them:
// the modal builds two kinds (SOL and SPL transfers), and a Solana SDK for them would weigh more
// than the modal. @see https://solana.com/docs/core/transactions

/** An account an instruction reads or writes, by its base58 address. */
export interface SolanaAccountMeta {
  address: string
  signer?: boolean
  writable?: boolean
}

/** One instruction: the program that runs it, its accounts in order, its data. */
export interface SolanaInstruction {
  programAddress: string
  accounts: readonly SolanaAccountMeta[]
  data: Uint8Array
}

/** Parameters of {@link compileLegacyTransaction}. */
export interface CompileLegacyTransactionParameters {
  /** Pays the fee: the first signer. */
  feePayer: string
  /** A recent blockhash of the cluster it goes to (base58). */
  blockhash: string
  instructions: readonly SolanaInstruction[]
}

interface Key {
  address: string
  bytes: Uint8Array
  signer: boolean
  writable: boolean
}

/**
 * Compiles instructions into a legacy transaction with an empty signature per signer, for the
 * wallet to fill: what `signAndSendTransaction` takes. Accounts are merged (a role once asked is
 * kept) and ordered as the runtime requires: the fee payer, the other signers, then writable
 * before read-only; programs are read-only accounts.
 * @throws InvalidSolanaAddressError for an address or blockhash that is not 32 base58 bytes
 * @throws RangeError for more than 255 accounts or signers
 */
export function compileLegacyTransaction(
  parameters: CompileLegacyTransactionParameters,
): Uint8Array {
  const keys = new Map<string, Key>()
  const use = (address: string, signer: boolean, writable: boolean) => {
    const known = keys.get(address)
    if (known) {
      known.signer ||= signer
      known.writable ||= writable
    } else keys.set(address, { address, bytes: keyBytes(address), signer, writable })
  }
  use(parameters.feePayer, true, true)
  for (const instruction of parameters.instructions) {
    for (const account of instruction.accounts)
      use(account.address, account.signer === true, account.writable === true)
    use(instruction.programAddress, false, false)
  }
  const rank = (key: Key) =>
    key.address === parameters.feePayer ? 0 : (key.signer ? 1 : 3) + (key.writable ? 0 : 1)
  // Array.prototype.sort is stable: within a rank, the order the instructions named them
  const ordered = [...keys.values()].sort((a, b) => rank(a) - rank(b))
  if (ordered.length > 255) throw new RangeError('a legacy transaction holds at most 255 accounts')
  const index = new Map(ordered.map((key, position) => [key.address, position]))
  const signers = ordered.filter((key) => key.signer)
  const header = Uint8Array.of(
    signers.length,
    signers.filter((key) => !key.writable).length,
    ordered.filter((key) => !key.signer && !key.writable).length,
  )
  const instructions = parameters.instructions.map((instruction) =>
    concat([
      Uint8Array.of(index.get(instruction.programAddress) as number),
      shortVec(instruction.accounts.length),
      Uint8Array.from(instruction.accounts, (account) => index.get(account.address) as number),
      shortVec(instruction.data.length),
      instruction.data,
    ]),
  )
  const message = concat([
    header,
    shortVec(ordered.length),
    ...ordered.map((key) => key.bytes),
    keyBytes(parameters.blockhash),
    shortVec(instructions.length),
    ...instructions,
  ])
  // one signature slot per signer, empty until the wallet signs
  return concat([shortVec(signers.length), new Uint8Array(64 * signers.length), message])
}

function keyBytes(value: string): Uint8Array {
  return decodeBase58(parseSolanaAddress(value)) as Uint8Array
}

/** Solana's compact-u16 length: 7 bits a byte, low bits first. */
function shortVec(length: number): Uint8Array {
  const bytes: number[] = []
  let rest = length
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      bytes.push(low)
      return Uint8Array.from(bytes)
    }
    bytes.push(low | 0x80)
  }
}

/** The bytes of `parts`, one after another. */
export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
