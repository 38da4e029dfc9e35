import { useEffect, useId, useRef } from 'react'
import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'
import { solDecimals } from '../../../src/solana/checkSolanaSend'
import { t } from '../../locales/t'
import { CheckIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SolanaTokenIcon } from './SolanaTokenIcon'
import { solanaTokenLabel } from './solanaTokenLabel'

/** Props of {@link SolanaSendTokenPicker}. */
export interface SolanaSendTokenPickerProps {
  /** The SPL tokens the account holds (SOL is always listed first). */
  tokens: readonly SolanaTokenBalance[]
  /** Lamports held; undefined while unknown. */
  solBalance: bigint | undefined
  /** The chosen token's mint; undefined: SOL. */
  selected: string | undefined
  /** The SPL balances are still being read. */
  isLoading: boolean
  /** The SPL balances could not be read: only SOL is listed. */
  isError: boolean
  /** Picks a token by mint (undefined: SOL) and closes. */
  onPick(mint: string | undefined): void
  /** Closes without a change (Escape). */
  onClose(): void
}

/**
 * The Solana send's token list, shown in place of the form (the router has no view for it): SOL,
 * then each SPL token held, with its name, symbol and balance; the chosen one is checked and
 * focused. Escape goes back to the form, not out of the modal.
 */
export function SolanaSendTokenPicker(props: SolanaSendTokenPickerProps) {
  const { tokens, solBalance, selected, onPick, onClose } = props
  const labelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const element = root.current
    element?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
    // The dialog closes on an Escape that reaches the document; here it only leaves the list,
    // so it is stopped on the way up (a listener of the element: React's sit above it).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      event.preventDefault()
      close.current()
    }
    element?.addEventListener('keydown', onKeyDown)
    return () => element?.removeEventListener('keydown', onKeyDown)
  }, [])

  const rows = [
    { mint: undefined, symbol: 'SOL', name: 'Solana', amount: solBalance, decimals: solDecimals },
    ...tokens.map((token) => ({ ...token, ...solanaTokenLabel(token) })),
  ]

  return (
    <div ref={root} data-lk-send-tokens="" data-testid="send-token-picker">
      <p data-lk-send-label="" id={labelId}>
        {t('title.WalletSendSelectToken')}
      </p>
      {props.isError && (
        <p data-lk-send-rule="" data-testid="send-tokens-unavailable">
          {t('send.tokensUnavailable', { symbol: 'SOL' })}
        </p>
      )}
      <ul data-lk-list="" data-testid="send-token-list" aria-labelledby={labelId}>
        {rows.map((row) => {
          const active = row.mint === selected
          const token = row.mint === undefined ? undefined : row
          return (
            <li key={row.mint ?? 'SOL'}>
              <button
                type="button"
                data-lk-row=""
                data-lk-send-token-row=""
                data-testid={`send-token-${row.mint ?? 'SOL'}`}
                data-active={active ? '' : undefined}
                aria-current={active ? 'true' : undefined}
                title={row.mint}
                onClick={() => onPick(row.mint)}
              >
                <SolanaTokenIcon token={token} size={32} />
                <span data-lk-send-token-names="">
                  <span data-lk-row-label="">{row.name}</span>
                  <span data-lk-send-token-symbol="">{row.symbol}</span>
                </span>
                <span
                  data-lk-token-amount=""
                  data-testid={`send-token-amount-${row.mint ?? 'SOL'}`}
                >
                  {row.amount === undefined ? '' : formatSendAmount(row.amount, row.decimals)}
                </span>
                {active && <CheckIcon size={16} />}
              </button>
            </li>
          )
        })}
      </ul>
      {props.isLoading && (
        <p data-lk-send-rule="" aria-live="polite">
          {t('account.loading')}
        </p>
      )}
    </div>
  )
}
