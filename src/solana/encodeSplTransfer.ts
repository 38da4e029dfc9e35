import { compileLegacyTransaction, type SolanaInstruction } from './compileLegacyTransaction'
import { maxU64, systemProgramAddress } from './encodeSolTransfer'
import {
  associatedTokenProgramAddress,
  findAssociatedTokenAddress,
  token2022ProgramAddress,
  tokenProgramAddress,
} from './findAssociatedTokenAddress'

/** The token program's `TransferChecked` instruction. */
const transferCheckedIndex = 12
/** The Associated Token Account program's `CreateIdempotent` instruction. */
const createIdempotentIndex = 1

/** Parameters of {@link encodeSplTransfer}. */
export interface EncodeSplTransferParameters {
  /** The sender (base58): the fee payer, the only signer, the source account's owner. */
  from: string
  /** The receiver's wallet address (base58): its associated token account gets the tokens. */
  to: string
  /** The token's mint (base58). */
  mint: string
  /** The mint's decimals: the program refuses the transfer if they differ from the mint's. */
  decimals: number
  /** What moves, in the token's base units. */
  amount: bigint
  /** The program that owns the mint: SPL Token or Token-2022. */
  tokenProgram: string
  /**
   * Creates the receiver's associated token account first when it may be missing (idempotent: a
   * no-op when it exists); the sender pays its rent.
   */
  createReceiverAccount: boolean
  /** A recent blockhash of the cluster it goes to (base58). */
  blockhash: string
}

/**
 * A legacy transaction moving `amount` of an SPL token from the sender's associated token account
 * to the receiver's with `TransferChecked`, creating the receiver's account first if asked, with
 * one empty signature for the sender's wallet to fill.
 * @throws InvalidSolanaAddressError for an address or blockhash that is not 32 base58 bytes
 * @throws RangeError for an amount outside 1 … 2⁶⁴ − 1, decimals outside 0 … 255, or a program
 * that is neither token program
 */
export async function encodeSplTransfer(
  parameters: EncodeSplTransferParameters,
): Promise<Uint8Array> {
  const { from, to, mint, decimals, amount, tokenProgram, blockhash } = parameters
  if (amount <= 0n || amount > maxU64)
    throw new RangeError(`amount must be 1 to 2^64 - 1, got ${amount}`)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw new RangeError(`decimals must be 0 to 255, got ${decimals}`)
  if (tokenProgram !== tokenProgramAddress && tokenProgram !== token2022ProgramAddress)
    throw new RangeError(`tokenProgram must be SPL Token or Token-2022, got ${tokenProgram}`)
  const [source, destination] = await Promise.all([
    findAssociatedTokenAddress({ owner: from, mint, tokenProgram }),
    findAssociatedTokenAddress({ owner: to, mint, tokenProgram }),
  ])
  const instructions: SolanaInstruction[] = []
  if (parameters.createReceiverAccount)
    instructions.push({
      programAddress: associatedTokenProgramAddress,
      accounts: [
        { address: from, signer: true, writable: true },
        { address: destination, writable: true },
        { address: to },
        { address: mint },
        { address: systemProgramAddress },
        { address: tokenProgram },
      ],
      data: Uint8Array.of(createIdempotentIndex),
    })
  const data = new Uint8Array(10)
  const view = new DataView(data.buffer)
  view.setUint8(0, transferCheckedIndex)
  view.setBigUint64(1, amount, true)
  view.setUint8(9, decimals)
  instructions.push({
    programAddress: tokenProgram,
    accounts: [
      { address: source, writable: true },
      { address: mint },
      { address: destination, writable: true },
      { address: from, signer: true },
    ],
    data,
  })
  return compileLegacyTransaction({ feePayer: from, blockhash, instructions })
}
