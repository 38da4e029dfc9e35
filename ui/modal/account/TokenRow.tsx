import type { TokenBalance } from '../../../src/schemas/accountData'
import { formatBalance } from '../../../src/utils/format'
import { formatUsd } from '../../../src/utils/formatUsd'
import { NetworkIcon } from '../../components/NetworkIcon'
import { t } from '../../locales/t'
import { unknownBalance } from '../../useNativeBalance'
import { RetryIcon } from '../icons'
import type { NetworkDisplay } from '../useNetworkInfo'
import { TokenIcon } from './TokenIcon'

/** Height of a token row in px: 56 plus the 4 px gap (kept in step with styles.css). */
export const tokenRowHeight = 60

/** Props of {@link TokenRow}. */
export interface TokenRowProps {
  /** A balance entry, or a token whose balance could not be read (`unavailable`). */
  token: TokenBalance | { name: string; symbol: string; unavailable: true }
  network: NetworkDisplay | undefined
  onRetry?: (() => void) | undefined
  /** The chain's own currency (drawn with the network's icon). */
  native?: boolean | undefined
}

/**
 * One token: icon, name, symbol (with its price when the answer has one), balance cut to 3
 * decimals and its value in dollars when known; an unreadable balance is '—' with a Retry.
 */
export function TokenRow({ token, network, onRetry, native: nativeRow }: TokenRowProps) {
  const unavailable = 'unavailable' in token
  const native = unavailable ? Boolean(nativeRow) : token.address === undefined
  const price = !unavailable && token.price !== undefined ? formatUsd(token.price) : undefined
  return (
    <div data-lk-token-row="" data-testid={`token-${token.symbol}`}>
      {native && (unavailable || !token.iconUrl) && network ? (
        <NetworkIcon
          name={network.name}
          imageId={network.imageId}
          color={network.color}
          size={36}
        />
      ) : (
        <TokenIcon name={token.symbol || token.name} url={unavailable ? null : token.iconUrl} />
      )}
      <span data-lk-token-text="">
        <span data-lk-token-name="" title={token.name}>
          {token.name}
        </span>
        <span data-lk-token-sub="">
          {token.symbol}
          {price && <> · {t('account.tokenPrice', { price })}</>}
        </span>
      </span>
      <span data-lk-token-figures="">
        {unavailable ? (
          <span data-lk-token-line="">
            <span
              data-lk-token-amount=""
              data-state="unknown"
              data-testid={`token-amount-${token.symbol}`}
              title={t('account.tokenUnavailable')}
            >
              {unknownBalance}
            </span>
            {onRetry && (
              <button
                type="button"
                data-lk-icon-button=""
                data-size="sm"
                aria-label={t('account.tokenRetry')}
                onClick={onRetry}
              >
                <RetryIcon size={14} />
              </button>
            )}
          </span>
        ) : (
          <>
            <span data-lk-token-amount="" data-testid={`token-amount-${token.symbol}`}>
              {formatBalance(token.quantity.numeric, token.symbol)}
            </span>
            {token.value !== undefined && (
              <span data-lk-token-value="">{formatUsd(token.value)}</span>
            )}
          </>
        )}
      </span>
    </div>
  )
}
