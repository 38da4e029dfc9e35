import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { t } from '../../locales/t'

/**
 * What the modal calls an SPL token: the app's listing names it; a mint it does not name is an
 * "Unknown token" with its shortened mint for a symbol (mints carry no name of their own).
 */
export function solanaTokenLabel(token: Pick<SolanaTokenBalance, 'mint' | 'symbol' | 'name'>): {
  symbol: string
  name: string
} {
  return {
    symbol: token.symbol ?? truncateAddress(token.mint, { start: 4, end: 4 }),
    name: token.name ?? t('solana.unknownToken'),
  }
}
