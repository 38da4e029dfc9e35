import { compileLegacyTransaction } from './compileLegacyTransaction'

/** The System Program's address. */
export const systemProgramAddress = '11111111111111111111111111111111'
/** The System Program's `Transfer` instruction (u32 little-endian). */
const transferIndex = 2
/** The largest amount an instruction carries (u64). */
export const maxU64 = 2n ** 64n - 1n

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
  const { from, to, lamports, blockhash } = parameters
  if (lamports <= 0n || lamports > maxU64)
    throw new RangeError(`lamports must be 1 to 2^64 - 1, got ${lamports}`)
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, transferIndex, true)
  view.setBigUint64(4, lamports, true)
  return compileLegacyTransaction({
    feePayer: from,
    blockhash,
    instructions: [
      {
        programAddress: systemProgramAddress,
        accounts: [
          { address: from, signer: true, writable: true },
          { address: to, writable: true },
        ],
        data,
      },
    ],
  })
}
