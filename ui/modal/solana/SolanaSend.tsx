import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { formatUnits } from 'viem'
import {
  checkSolanaSend,
  maxSolanaSend,
  solanaSignatureFee,
  solDecimals,
} from '../../../src/solana/checkSolanaSend'
import { encodeSolTransfer } from '../../../src/solana/encodeSolTransfer'
import { isSolanaAddress } from '../../../src/solana/solanaAddress'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { Avatar } from '../../components/Avatar'
import { NetworkIcon } from '../../components/NetworkIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { solanaBalanceKey } from '../../solana/solanaQueryKeys'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaBalance } from '../../solana/useSolanaBalance'
import { CheckIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SendErrorNotice } from '../send/SendErrorNotice'
import { SentActions } from '../send/SentActions'
import { useMountedRef } from '../useMountedRef'
import { solanaColor } from './solanaColor'
import { type ModalSolana, withModalSolana } from './withModalSolana'

type SendState =
  | { status: 'editing'; error?: Error | undefined }
  | { status: 'sending' }
  | { status: 'sent'; signature: string; lamports: bigint; receiver: string }

const sol = (lamports: bigint) => `${formatSendAmount(lamports, solDecimals)} SOL`

/**
 * Send for the Solana namespace: SOL from the connected wallet to a Solana address (SPEC §5's
 * rules, the 5000-lamport fee kept back by Max), signed and sent by the wallet; then its
 * signature, with the balance read again. One screen: the fee is fixed, so there is no preview.
 */
export const SolanaSend = withModalSolana(function SolanaSend({ solana }: { solana: ModalSolana }) {
  const { adapter } = solana
  const { router, modal } = useLatchkeyContext()
  const queryClient = useQueryClient()
  const account = useSolanaAccount(solana)
  const balance = useSolanaBalance(solana)
  const mounted = useMountedRef()
  const amountId = useId()
  const receiverId = useId()
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [state, setState] = useState<SendState>({ status: 'editing' })

  useEffect(() => {
    if (account.status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [account.status, router, modal])

  const lamportsHeld = balance.data?.value
  const check = checkSolanaSend({ amount, receiver, balance: lamportsHeld })
  const receiverAddress = isSolanaAddress(receiver.trim()) ? receiver.trim() : undefined
  // an invalid address shows under its field once there is one to judge
  const receiverError =
    receiver.trim() && !receiverAddress ? t('send.rule.invalidAddress') : undefined
  const rule = check.rule && check.rule !== 'invalidAddress' ? check.rule : undefined
  const ruleIsError = rule !== undefined && rule !== 'amountAndReceiverRequired'
  const sending = state.status === 'sending'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const from = account.address
    if (check.rule !== undefined || !from || sending) return
    setState({ status: 'sending' })
    try {
      const { blockhash } = await adapter.getLatestBlockhash()
      const transaction = encodeSolTransfer({
        from,
        to: check.receiver,
        lamports: check.lamports,
        blockhash,
      })
      const signature = await adapter.signAndSendTransaction({ transaction })
      void queryClient.invalidateQueries({ queryKey: solanaBalanceKey })
      if (mounted.current)
        setState({ status: 'sent', signature, lamports: check.lamports, receiver: check.receiver })
    } catch (error) {
      if (mounted.current)
        setState({
          status: 'editing',
          error: error instanceof Error ? error : new Error(String(error)),
        })
    }
  }

  if (state.status === 'sent') {
    return (
      <div data-lk-send-preview="" data-state="confirmed" data-testid="solana-send-sent">
        <div data-lk-send-hero="">
          <NetworkIcon name="Solana" imageId="solana" color={solanaColor} size={48} />
          <strong data-lk-send-hero-amount="" data-testid="send-preview-amount">
            {sol(state.lamports)}
          </strong>
        </div>
        <dl data-lk-send-details="">
          <div>
            <dt>{t('send.receiver')}</dt>
            <dd title={state.receiver} data-testid="send-preview-to">
              <Avatar address={state.receiver} size={18} />
              {truncateAddress(state.receiver)}
            </dd>
          </div>
          <div>
            <dt>{t('send.network')}</dt>
            <dd>{account.cluster.name}</dd>
          </div>
          <div>
            <dt>{t('solana.signature')}</dt>
            <dd title={state.signature} data-testid="send-signature">
              {truncateAddress(state.signature)}
            </dd>
          </div>
        </dl>
        <div data-lk-send-status="" aria-live="polite" data-testid="send-status" data-state="sent">
          <p data-tone="success">
            <CheckIcon size={16} />
            {t('send.status.confirmed')}
          </p>
        </div>
        <div data-lk-send-actions="">
          <SentActions
            onAgain={() => {
              setAmount('')
              setReceiver('')
              setState({ status: 'editing' })
            }}
            onDone={() => router.reset('Account')}
          />
        </div>
      </div>
    )
  }

  return (
    <form data-lk-send="" onSubmit={submit} noValidate aria-busy={sending || undefined}>
      <div data-lk-send-card="">
        <label data-lk-send-label="" htmlFor={amountId}>
          {t('send.amount')}
        </label>
        <div data-lk-send-amount-row="">
          <input
            id={amountId}
            data-lk-send-amount=""
            data-testid="send-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            disabled={sending}
            aria-invalid={check.rule === 'invalidAmount' || undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <span data-lk-send-token="" data-static="">
            <NetworkIcon name="Solana" imageId="solana" color={solanaColor} size={22} />
            <span>SOL</span>
          </span>
        </div>
        <div data-lk-send-balance-row="">
          <span
            data-testid="send-balance"
            data-state={lamportsHeld === undefined ? 'unknown' : undefined}
          >
            {lamportsHeld === undefined ? '—' : t('send.balance', { amount: sol(lamportsHeld) })}
          </span>
          <button
            type="button"
            data-lk-link-button=""
            data-testid="send-max"
            disabled={lamportsHeld === undefined || sending}
            onClick={() =>
              lamportsHeld !== undefined &&
              setAmount(formatUnits(maxSolanaSend(lamportsHeld), solDecimals))
            }
          >
            {t('send.max')}
          </button>
        </div>
      </div>

      <div data-lk-send-card="" data-invalid={receiverError ? '' : undefined}>
        <label data-lk-send-label="" htmlFor={receiverId}>
          {t('send.receiver')}
        </label>
        <div data-lk-send-receiver="">
          {receiverAddress && <Avatar address={receiverAddress} size={24} />}
          <input
            id={receiverId}
            data-testid="send-receiver"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('solana.receiverPlaceholder')}
            value={receiver}
            disabled={sending}
            aria-invalid={receiverError ? true : undefined}
            aria-describedby={`${receiverId}-hint`}
            onChange={(event) => setReceiver(event.target.value)}
          />
        </div>
        <p data-lk-send-field-hint="" id={`${receiverId}-hint`} aria-live="polite">
          {receiverError ? (
            <span data-lk-send-error="" role="alert" data-testid="send-receiver-error">
              {receiverError}
            </span>
          ) : receiverAddress ? (
            <span data-testid="send-receiver-resolved">{truncateAddress(receiverAddress)}</span>
          ) : null}
        </p>
      </div>

      <dl data-lk-send-details="">
        <div>
          <dt>{t('send.network')}</dt>
          <dd data-testid="send-network">{account.cluster.name}</dd>
        </div>
        <div>
          <dt>{t('send.fee')}</dt>
          <dd data-testid="send-fee">{sol(solanaSignatureFee)}</dd>
        </div>
      </dl>

      {state.status === 'editing' && <SendErrorNotice error={state.error} />}
      {rule && (
        <p
          data-lk-send-rule=""
          data-tone={ruleIsError ? 'error' : undefined}
          data-testid="send-rule"
          role={ruleIsError ? 'alert' : undefined}
        >
          {t(`send.rule.${rule}`)}
        </p>
      )}
      {sending ? (
        <div
          data-lk-send-status=""
          aria-live="polite"
          data-testid="send-status"
          data-state="sending"
        >
          <p>
            <span data-lk-send-spinner="" aria-hidden="true" />
            {t('send.status.sending')}
          </p>
        </div>
      ) : null}
      <button
        type="submit"
        data-lk-button-primary=""
        data-testid="send-confirm"
        disabled={check.rule !== undefined || sending}
      >
        {t('send.confirm')}
      </button>
    </form>
  )
})
