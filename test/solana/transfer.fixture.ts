/** Builds signed SOL transfers for the Solana RPC tests (kit's own builders and signers). */
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** A signed version-0 transfer of `amount` lamports from `source` to `destination`. */
export async function signedTransfer(
  source: KeyPairSigner,
  destination: Address,
  amount: bigint,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(source, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source, destination, amount }),
        m,
      ),
  )
  return signTransactionMessageWithSigners(message)
}
