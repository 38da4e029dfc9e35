import { type RefObject, useId } from 'react'
import { formatUnits } from 'viem'
import type { SolanaTokenBalance } from '../../../connectors/solana/solanaAdapterTypes'
import { maxSolanaSend, solDecimals } from '../../../src/solana/checkSolanaSend'
import { ChevronIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SendAmountInput } from '../send/SendAmountInput'
import { tSend } from '../send/tSend'
import { SolanaTokenIcon } from './SolanaTokenIcon'

/** Props of {@link SolanaSendAmountCard}. */
export interface SolanaSendAmountCardProps {
  /** The amount as typed. */
  amount: string
  onAmount(amount: string): void
  /** The amount breaks the amount rule. */
  invalid: boolean
  /** The SPL token sent; undefined: SOL. */
  token: SolanaTokenBalance | undefined
  symbol: string
  /** What is held of it, in base units (lamports for SOL); undefined while unknown. */
  held: bigint | undefined
  disabled: boolean
  /** The token button, which focus returns to from the list. */
  buttonRef: RefObject<HTMLButtonElement | null>
  /** Opens the token list. */
  onPick(): void
}

/**
 * The Solana send's amount: the field, the token it is in (a button that opens the token list),
 * the balance of that token, and Max: all of a token (the fee is SOL), SOL less the fee.
 */
export function SolanaSendAmountCard(props: SolanaSendAmountCardProps) {
  const { token, symbol, held, disabled } = props
  const amountId = useId()
  const decimals = token?.decimals ?? solDecimals
  return (
    <div data-lk-send-card="">
      <label data-lk-send-label="" htmlFor={amountId}>
        {tSend('send.amount')}
      </label>
      <div data-lk-send-amount-row="">
        <SendAmountInput
          id={amountId}
          value={props.amount}
          disabled={disabled}
          invalid={props.invalid}
          onChange={props.onAmount}
        />
        <button
          ref={props.buttonRef}
          type="button"
          data-lk-send-token=""
          data-testid="send-token"
          disabled={disabled}
          onClick={props.onPick}
        >
          <SolanaTokenIcon token={token} size={22} />
          {/* named in words, not by aria-label: an icon's initial would not match a label */}
          <span data-lk-sr-only="">{`${tSend('send.token')}: `}</span>
          <span>{symbol}</span>
          <ChevronIcon size={14} />
        </button>
      </div>
      <div data-lk-send-balance-row="">
        <span data-testid="send-balance" data-state={held === undefined ? 'unknown' : undefined}>
          {held === undefined
            ? '—'
            : tSend('send.balance', { amount: `${formatSendAmount(held, decimals)} ${symbol}` })}
        </span>
        <button
          type="button"
          data-lk-link-button=""
          data-testid="send-max"
          disabled={held === undefined || disabled}
          onClick={() => {
            if (held !== undefined)
              props.onAmount(formatUnits(token ? held : maxSolanaSend(held), decimals))
          }}
        >
          {tSend('send.max')}
        </button>
      </div>
    </div>
  )
}
