import { SolanaConfirmationTimeoutError } from '../../src/errors/SolanaConfirmationTimeoutError'
import { SolanaTransactionFailedError } from '../../src/errors/SolanaTransactionFailedError'
import { type Commitment, commitmentReached } from '../../src/solana/commitment'
import { fetchSignatureStatus } from './solanaRpc'

/** Parameters of {@link confirmSolanaTransaction}. */
export interface ConfirmSolanaTransactionParameters {
  rpcUrl: string
  signature: string
  commitment: Commitment
  timeoutMs: number
  pollMs: number
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Reads a sent transaction's status until it reaches `commitment`. A failed read (the node down
 * for a moment) is read again until the deadline, which then names the last failure as its cause.
 * @throws {SolanaTransactionFailedError} the cluster executed it with an error.
 * @throws {SolanaConfirmationTimeoutError} not at `commitment` within `timeoutMs`.
 */
export async function confirmSolanaTransaction({
  rpcUrl,
  signature,
  commitment,
  timeoutMs,
  pollMs,
}: ConfirmSolanaTransactionParameters): Promise<{ slot: bigint; commitment: Commitment }> {
  const deadline = Date.now() + timeoutMs
  let lastFailure: unknown
  for (;;) {
    try {
      const status = await fetchSignatureStatus(rpcUrl, signature)
      // a failed transaction is final at any level: waiting on would only delay the answer
      if (status && status.err !== null)
        throw new SolanaTransactionFailedError({ signature, err: status.err })
      if (status && commitmentReached(status.confirmationStatus, commitment))
        return { slot: status.slot, commitment: status.confirmationStatus }
    } catch (error) {
      if (error instanceof SolanaTransactionFailedError) throw error
      lastFailure = error
    }
    const left = deadline - Date.now()
    if (left <= 0)
      throw new SolanaConfirmationTimeoutError({ signature, timeoutMs, cause: lastFailure })
    await sleep(Math.min(pollMs, left))
  }
}
