import { solanaBalanceKey, solanaQueryKey } from '../../solana/solanaQueryKeys'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaQuery } from '../../solana/useSolanaQuery'
import type { ModalSolana } from './withModalSolana'

/** What the cluster's rent rules need to judge a send (see `checkSolanaSend`). */
export interface SolanaRentRules {
  /** The least an account without data may hold; undefined while read (or when it failed). */
  rentExemptMinimum: bigint | undefined
  /** Whether a SOL send's receiver has an account; undefined for a token, while read or failed. */
  receiverHasAccount: boolean | undefined
  /** A read the send waits for is running. */
  isChecking: boolean
}

/**
 * Reads what the cluster's rent rules need for the send form: its rent-exempt minimum for an
 * account without data (once per cluster), and, for SOL, whether the receiver has an account
 * (under the balance key, so a send's refresh reads it again). A read that fails leaves its rule
 * to the cluster, which then refuses the send with its own error.
 */
export function useSolanaRentRules(
  solana: ModalSolana,
  receiver: string | undefined,
  sendsSol: boolean,
): SolanaRentRules {
  const { adapter } = solana
  const { cluster } = useSolanaAccount(solana)
  const where = [cluster.id, cluster.rpcUrl] as const
  const minimum = useSolanaQuery([...solanaQueryKey, 'rentExemption', ...where, 0], true, () =>
    adapter.getMinimumBalanceForRentExemption({ space: 0 }),
  )
  const readReceiver = sendsSol && receiver !== undefined
  const account = useSolanaQuery(
    [...solanaBalanceKey, 'receiverAccount', ...where, receiver ?? ''],
    readReceiver,
    async () => (await adapter.getAccountInfo({ address: receiver ?? '' })) !== null,
  )
  return {
    rentExemptMinimum: minimum.data,
    receiverHasAccount: readReceiver ? account.data : undefined,
    isChecking: minimum.isFetching || (readReceiver && account.isFetching),
  }
}
