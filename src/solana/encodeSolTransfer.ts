import { decodeBase58 } from '../utils/base58'
import { parseSolanaAddress } from './solanaAddress'

// A SOL transfer as wire bytes, written by hand as `decodeSolanaTransaction.ts` reads them: the
// modal builds one transaction kind, and a Solana SDK for it would weigh more than the modal.
// @see https://solana.com/docs/core/transactions

/** The System Program's address: 32 zero bytes. */
const systemProgram = new Uint8Array(32)
/** The System Program's `Transfer` instruction (u32 little-endian). */
const transferIndex = 2
/** The largest lamport amount an instruction carries (u64). */
const maxLamports = 2n ** 64n - 1n

/** Parameters of {@link encodeSolTransfer}. */
export interface EncodeSolTransferParameters {
  /** The sender (base58): the fee payer and only signer. */
  from: string
  /** The receiver (base58); may be the sender. */
  to: string
  /** What moves, in lamports (1 SOL = 10⁹). */
  lamports: bigint
  /** A recent blockhash of the cluster it goes to (base58). */
  blockhash: string
}

/**
 * A legacy transaction moving `lamports` from `from` to `to` with the System Program, with one
 * empty signature for the sender's wallet to fill: what `signAndSendTransaction` takes.
 * @throws InvalidSolanaAddressError for an address or blockhash that is not 32 base58 bytes
 * @throws RangeError for lamports outside 1 … 2⁶⁴ − 1
 * @example encodeSolTransfer({ from, to, lamports: 500_000_000n, blockhash })
 */
export function encodeSolTransfer(parameters: EncodeSolTransferParameters): Uint8Array {
  const { lamports } = parameters
  if (lamports <= 0n || lamports > maxLamports)
    throw new RangeError(`lamports must be 1 to 2^64 - 1, got ${lamports}`)
  const from = keyBytes(parameters.from)
  const to = keyBytes(parameters.to)
  const blockhash = keyBytes(parameters.blockhash)
  const toSelf = parameters.from === parameters.to
  // signers first (the fee payer), then writable, then read-only: the program
  const keys = toSelf ? [from, systemProgram] : [from, to, systemProgram]
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, transferIndex, true)
  view.setBigUint64(4, lamports, true)
  const message = [
    // header: one signature, no read-only signer, one read-only account (the program)
    Uint8Array.of(1, 0, 1),
    Uint8Array.of(keys.length),
    ...keys,
    blockhash,
    // one instruction: program index, its accounts (source, destination), its data
    Uint8Array.of(1, keys.length - 1, 2, 0, toSelf ? 0 : 1, data.length),
    data,
  ]
  // one signature slot, empty until the wallet signs
  return concat([Uint8Array.of(1), new Uint8Array(64), ...message])
}

function keyBytes(value: string): Uint8Array {
  return decodeBase58(parseSolanaAddress(value)) as Uint8Array
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
