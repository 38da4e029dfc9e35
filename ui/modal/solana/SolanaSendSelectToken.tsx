import { useEffect, useRef, useState } from 'react'
import { solDecimals } from '../../../src/solana/checkSolanaSend'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaBalance } from '../../solana/useSolanaBalance'
import { useSolanaTokenBalances } from '../../solana/useSolanaTokenBalances'
import { CheckIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { tSend } from '../send/tSend'
import { SolanaTokenIcon } from './SolanaTokenIcon'
import { sendableSolanaTokens } from './sendableSolanaTokens'
import { findSolanaSendEntry, findSolanaSendIndex, getSolanaSendForm } from './solanaSendForm'
import { solanaTokenLabel } from './solanaTokenLabel'
import { type ModalSolana, withModalSolana } from './withModalSolana'

/**
 * The Solana send's token list, a view above SolanaSend as the EVM send's WalletSendSelectToken
 * is: SOL, then each SPL token held, with its name, symbol and balance; the chosen one is checked
 * and focused. A pick, the header's Back and Escape go back to the form as it was (Escape does
 * not close the modal here).
 */
export const SolanaSendSelectToken = withModalSolana(function SolanaSendSelectToken({
  solana,
}: {
  solana: ModalSolana
}) {
  const { router, modal } = useLatchkeyContext()
  const account = useSolanaAccount(solana)
  const balance = useSolanaBalance(solana)
  const tokens = useSolanaTokenBalances(solana)
  const root = useRef<HTMLDivElement>(null)
  // the form below, whose token this picks (none when the list was opened by name)
  const [chosen] = useState(() => {
    const entry = findSolanaSendEntry(router.getState())
    return entry ? getSolanaSendForm(entry).getState().mint : undefined
  })

  useEffect(() => {
    if (account.status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [account.status, router, modal])
  useEffect(() => {
    const element = root.current
    element?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
    // The dialog closes on an Escape that reaches the document; here it only goes back to the
    // form, so it is stopped on the way up (a listener of the element: React's sit above it).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      event.preventDefault()
      router.goBack()
    }
    element?.addEventListener('keydown', onKeyDown)
    return () => element?.removeEventListener('keydown', onKeyDown)
  }, [router])

  const pick = (mint: string | undefined) => {
    const state = router.getState()
    const index = findSolanaSendIndex(state)
    const entry = state.history[index]
    if (entry) {
      getSolanaSendForm(entry).setState({ mint })
      router.goBackToIndex(index)
      return
    }
    router.replace('SolanaSend')
    const opened = findSolanaSendEntry(router.getState())
    if (opened) getSolanaSendForm(opened).setState({ mint })
  }

  const sendable = sendableSolanaTokens(tokens.data)
  // a token sent in full has left the list: the form is on SOL
  const selected = sendable.some((held) => held.mint === chosen) ? chosen : undefined
  const rows = [
    {
      mint: undefined,
      symbol: 'SOL',
      name: 'Solana',
      amount: balance.data?.value,
      decimals: solDecimals,
    },
    ...sendable.map((token) => ({ ...token, ...solanaTokenLabel(token) })),
  ]

  return (
    <div ref={root} data-lk-send-tokens="" data-testid="send-token-picker">
      {tokens.isError && (
        <p data-lk-send-rule="" data-testid="send-tokens-unavailable">
          {tSend('send.tokensUnavailable', { symbol: 'SOL' })}
        </p>
      )}
      <ul
        data-lk-list=""
        data-testid="send-token-list"
        aria-label={t('title.SolanaSendSelectToken')}
      >
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
                onClick={() => pick(row.mint)}
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
      {tokens.isLoading && (
        <p data-lk-send-rule="" aria-live="polite">
          {t('account.loading')}
        </p>
      )}
    </div>
  )
})
