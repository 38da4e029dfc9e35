import { useEffect } from 'react'
import type { SolanaAdapter } from '../../../connectors/solana/solanaAdapterTypes'
import { formatBalance } from '../../../src/utils/format'
import { useSolanaBalance } from '../../solana/useSolanaBalance'
import { afterModal } from '../lazy/afterModal'

/** Props of {@link SolanaBalanceReport}. */
export interface SolanaBalanceReportProps {
  adapter: SolanaAdapter
  /** Called with the SOL balance as the button shows it, and undefined once gone. */
  onBalance(balance: string | undefined): void
}

/**
 * The connected account's SOL balance for the button, read as `useSolanaBalance` reads it (again
 * after a send or a cluster switch). A chunk of its own, which `<SolanaProvider>` fetches once
 * Solana is connected and the modal's chunk is there: the first bundle keeps none of the read.
 */
export const SolanaBalanceReport = afterModal(function SolanaBalanceReport({
  adapter,
  onBalance,
}: SolanaBalanceReportProps): null {
  const { data } = useSolanaBalance({ adapter })
  const balance = data ? formatBalance(data.formatted, 'SOL') : undefined
  useEffect(() => onBalance(balance), [onBalance, balance])
  useEffect(() => () => onBalance(undefined), [onBalance])
  return null
})
