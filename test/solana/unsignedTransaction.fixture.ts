/** Unsigned wire transactions for the embedded wallet's tests (kit's builders; no key needed). */
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction, getTransferInstruction } from '@solana-program/token'

/** What one unsigned transaction holds. */
export interface UnsignedTransactionParameters {
  /** The fee payer (signs first). */
  payer: Address
  blockhash: string
  /** @default 0 */
  version?: 'legacy' | 0
  instructions: Instruction[]
  /** Compute-unit limit and price (micro-lamports), when set. */
  computeUnits?: { limit: number; price: bigint }
  /** Lookup tables to compress with (version 0 only). */
  lookupTables?: Record<Address, Address[]>
}

/** The wire bytes of an unsigned transaction (every signature zero). */
export function unsignedTransaction(parameters: UnsignedTransactionParameters): Uint8Array {
  let message = pipe(
    createTransactionMessage({ version: parameters.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(parameters.payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: parameters.blockhash as Blockhash, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(parameters.instructions, m),
  )
  if (parameters.computeUnits) {
    message = setTransactionMessageComputeUnitLimit(parameters.computeUnits.limit, message)
    message = setTransactionMessageComputeUnitPrice(parameters.computeUnits.price, message)
  }
  if (parameters.lookupTables)
    message = compressTransactionMessageUsingAddressLookupTables(
      message as Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0],
      parameters.lookupTables,
    ) as typeof message
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** A System program transfer of `lamports` from `source`. */
export function solTransfer(source: Address, destination: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({
    source: createNoopSigner(source),
    destination,
    amount: lamports,
  })
}

/** An SPL Token `TransferChecked` (with the mint and decimals) or plain `Transfer`. */
export function tokenTransfer(parameters: {
  source: Address
  destination: Address
  owner: Address
  amount: bigint
  checked?: { mint: Address; decimals: number }
}): Instruction {
  const authority = createNoopSigner(parameters.owner)
  return parameters.checked
    ? getTransferCheckedInstruction({
        source: parameters.source,
        destination: parameters.destination,
        authority,
        amount: parameters.amount,
        mint: parameters.checked.mint,
        decimals: parameters.checked.decimals,
      })
    : getTransferInstruction({
        source: parameters.source,
        destination: parameters.destination,
        authority,
        amount: parameters.amount,
      })
}
