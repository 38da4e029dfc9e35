import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'
import { findAssociatedTokenAddress } from '../../../src/solana/findAssociatedTokenAddress'
import { type SplTransferSupport, splTransferSupport } from '../../../src/solana/splTransferSupport'
import { solanaBalanceKey, solanaQueryKey } from '../../solana/solanaQueryKeys'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaQuery } from '../../solana/useSolanaQuery'
import type { ModalSolana } from './withModalSolana'

/** The receiver's associated token account, as a transfer to it must treat it. */
export interface ReceiverTokenAccount {
  /** It is not there yet: the transfer creates it (`CreateIdempotent`), paid by the sender. */
  create: boolean
  /** Lamports the sender pays for it: its rent-exempt minimum, less what it holds already. */
  rent: bigint
}

/** What {@link useSplTransferPlan} knows: each part undefined until read. */
export interface SplTransferPlan {
  /** Whether the transfer can move the token, and the size of a new receiver account. */
  support: SplTransferSupport | undefined
  /** Undefined for SOL, without a receiver, or while it is read. */
  receiverAccount: ReceiverTokenAccount | undefined
  /** A read is running that the send waits for. */
  isChecking: boolean
  /** Why a read failed (the send cannot go out until `retry` reads it). */
  error: Error | null
  retry(): void
}

const idle: SplTransferPlan = {
  support: undefined,
  receiverAccount: undefined,
  isChecking: false,
  error: null,
  retry: () => undefined,
}

/**
 * What an SPL send needs from the cluster before it goes out: whether the token can be sent (a
 * Token-2022 mint's extensions, read from the mint), whether the receiver's associated token
 * account exists, and, when it does not, the rent its creation costs the sender (the cluster's
 * `getMinimumBalanceForRentExemption` for that account's size). The receiver's account is read
 * under the balance key, so a send's refresh reads it again. Nothing for SOL.
 */
export function useSplTransferPlan(
  solana: ModalSolana,
  token: SolanaTokenBalance | undefined,
  receiver: string | undefined,
): SplTransferPlan {
  const { adapter } = solana
  const { cluster } = useSolanaAccount(solana)
  const where = [cluster.id, cluster.rpcUrl] as const
  const mint = token?.mint ?? ''
  const tokenProgram = token?.tokenProgram ?? ''
  // SPL Token mints need no read; a Token-2022 mint's extensions are in its data
  const known = token ? splTransferSupport({ tokenProgram }) : undefined
  const readMint = token !== undefined && !known?.supported
  const mintRead = useSolanaQuery(
    [...solanaQueryKey, 'splTransferSupport', ...where, mint, tokenProgram],
    readMint,
    async () => {
      const account = await adapter.getAccountInfo({ address: mint })
      // the mint's own program must own it, or its bytes mean nothing here
      const mintData = account?.owner === tokenProgram ? account.data : undefined
      return splTransferSupport({ tokenProgram, mintData })
    },
  )
  const support = readMint ? mintRead.data : known
  const space = support?.supported ? support.accountSpace : 0
  const readAccount = receiver !== undefined && support?.supported === true
  const account = useSolanaQuery(
    [...solanaBalanceKey, 'receiverTokenAccount', ...where, mint, tokenProgram, receiver ?? ''],
    readAccount,
    async () => {
      const address = await findAssociatedTokenAddress({
        owner: receiver ?? '',
        mint,
        tokenProgram,
      })
      const info = await adapter.getAccountInfo({ address })
      return { exists: info?.owner === tokenProgram, lamports: info?.lamports ?? 0n }
    },
  )
  const found = readAccount ? account.data : undefined
  const readRent = found !== undefined && !found.exists
  const rent = useSolanaQuery([...solanaQueryKey, 'rentExemption', ...where, space], readRent, () =>
    adapter.getMinimumBalanceForRentExemption({ space }),
  )
  if (!token) return idle
  let receiverAccount: ReceiverTokenAccount | undefined
  if (found?.exists) receiverAccount = { create: false, rent: 0n }
  else if (found && readRent && rent.data !== undefined) {
    // the Associated Token program tops up what the address may hold already
    const owed = rent.data - found.lamports
    receiverAccount = { create: true, rent: owed > 0n ? owed : 0n }
  }
  // only the reads this token and receiver need count (a disabled one may hold an old error)
  const reads = [
    [readMint, mintRead],
    [readAccount, account],
    [readRent, rent],
  ] as const
  const failed = reads.find(([enabled, read]) => enabled && read.isError)?.[1]
  return {
    support,
    receiverAccount,
    isChecking: reads.some(([enabled, read]) => enabled && read.isFetching),
    error: failed?.error ?? null,
    retry: () => {
      for (const [enabled, read] of reads) if (enabled && read.isError) void read.refetch()
    },
  }
}
