import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { formatUnits } from 'viem'
import { checkSolanaSend, solDecimals } from '../../../src/solana/checkSolanaSend'
import { encodeSolTransfer } from '../../../src/solana/encodeSolTransfer'
import { encodeSplTransfer } from '../../../src/solana/encodeSplTransfer'
import { isSolanaAddress } from '../../../src/solana/solanaAddress'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { Avatar } from '../../components/Avatar'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { solanaBalanceKey } from '../../solana/solanaQueryKeys'
import { useSolanaAccount } from '../../solana/useSolanaAccount'
import { useSolanaBalance } from '../../solana/useSolanaBalance'
import { useSolanaTokenBalances } from '../../solana/useSolanaTokenBalances'
import { SendErrorNotice } from '../send/SendErrorNotice'
import { tSend } from '../send/tSend'
import { useMountedRef } from '../useMountedRef'
import { SolanaSendAmountCard } from './SolanaSendAmountCard'
import { SolanaSendDetails } from './SolanaSendDetails'
import { type SolanaSendConfirmation, SolanaSent, type SolanaSentTransfer } from './SolanaSent'
import { sendableSolanaTokens } from './sendableSolanaTokens'
import { useSolanaSendForm } from './solanaSendForm'
import { solanaTokenLabel } from './solanaTokenLabel'
import { useSolanaRentRules } from './useSolanaRentRules'
import { useSplTransferPlan } from './useSplTransferPlan'
import { type ModalSolana, withModalSolana } from './withModalSolana'

type SendState =
  | { status: 'editing'; error?: Error | undefined }
  | { status: 'sending' }
  | { status: 'sent'; sent: SolanaSentTransfer; confirmation: SolanaSendConfirmation }

/**
 * Send for the Solana namespace: SOL or one of the account's SPL tokens (picked in
 * SolanaSendSelectToken, SPEC §5's rules against the token's decimals and balance), to a Solana
 * address. SOL keeps the
 * 5000-lamport fee back on Max. A token goes by `TransferChecked` between associated token
 * accounts; when the receiver has none, the transfer creates it and the form shows the rent the
 * sender pays, which SOL must cover with the fee. The wallet signs and sends; then the signature,
 * "Waiting for confirmation…" until the cluster confirms it at the adapter's commitment ("Sent"),
 * executed it with an error ("Transaction failed") or a minute passed without it ("not confirmed
 * yet": it may still land), with the balances read again. One screen: what the send costs shows
 * under the form.
 */
export const SolanaSend = withModalSolana(function SolanaSend({ solana }: { solana: ModalSolana }) {
  const { adapter } = solana
  const { router, modal } = useLatchkeyContext()
  // the form outlives this view while the token list shows above it
  const [{ amount, receiver, mint }, setForm] = useSolanaSendForm()
  const setAmount = (next: string) => setForm({ amount: next })
  const setReceiver = (next: string) => setForm({ receiver: next })
  const queryClient = useQueryClient()
  const account = useSolanaAccount(solana)
  const balance = useSolanaBalance(solana)
  const tokens = useSolanaTokenBalances(solana)
  const mounted = useMountedRef()
  const receiverId = useId()
  const tokenButton = useRef<HTMLButtonElement>(null)
  const [state, setState] = useState<SendState>({ status: 'editing' })

  useEffect(() => {
    if (account.status === 'disconnected' && modal.getState().open) router.reset('Account')
  }, [account.status, router, modal])
  // back from the token list (the only view above this one), focus returns to the button that
  // opened it
  useEffect(() => {
    if (router.getState().transition === 'prev') tokenButton.current?.focus()
  }, [router])

  const sendable = sendableSolanaTokens(tokens.data)
  // a token sent in full leaves the list: the form is back on SOL
  const token = mint === undefined ? undefined : sendable.find((held) => held.mint === mint)
  const label = token ? solanaTokenLabel(token) : { symbol: 'SOL', name: 'Solana' }
  const decimals = token?.decimals ?? solDecimals
  const lamportsHeld = balance.data?.value
  const held = token ? token.amount : lamportsHeld
  const receiverAddress = isSolanaAddress(receiver.trim()) ? receiver.trim() : undefined
  const plan = useSplTransferPlan(solana, token, receiverAddress)
  const receiverAccount = plan.receiverAccount
  const rentRules = useSolanaRentRules(solana, receiverAddress, !token)
  const check = checkSolanaSend({
    amount,
    receiver,
    balance: lamportsHeld,
    token: token && {
      decimals: token.decimals,
      balance: token.amount,
      supported: plan.support?.supported,
    },
    rent: receiverAccount?.rent,
    rentExemptMinimum: rentRules.rentExemptMinimum,
    receiverHasAccount: rentRules.receiverHasAccount,
  })
  // an invalid address shows under its field once there is one to judge
  const receiverError =
    receiver.trim() && !receiverAddress ? tSend('send.rule.invalidAddress') : undefined
  const rule = check.rule && check.rule !== 'invalidAddress' ? check.rule : undefined
  const ruleIsError = rule !== undefined && rule !== 'amountAndReceiverRequired'
  const sending = state.status === 'sending'
  // a token waits for its receiver's account: whether to create it, and its rent
  // and any send for the cluster's rent rules (a failed read leaves them to the cluster)
  const ready =
    check.rule === undefined &&
    !rentRules.isChecking &&
    (!token || (receiverAccount !== undefined && !plan.isChecking))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const from = account.address
    if (check.rule !== undefined || !ready || !from || sending) return
    const rent = token && receiverAccount?.create ? receiverAccount.rent : 0n
    setState({ status: 'sending' })
    try {
      const { blockhash } = await adapter.getLatestBlockhash()
      const to = check.receiver
      const transaction = token
        ? await encodeSplTransfer({
            from,
            to,
            mint: token.mint,
            decimals: token.decimals,
            amount: check.amount,
            tokenProgram: token.tokenProgram,
            createReceiverAccount: receiverAccount?.create === true,
            blockhash,
          })
        : encodeSolTransfer({ from, to, lamports: check.amount, blockhash })
      const signature = await adapter.signAndSendTransaction({ transaction })
      // SOL (the fee, the rent), the token, and the receiver's account, which may exist now
      const readAgain = () => void queryClient.invalidateQueries({ queryKey: solanaBalanceKey })
      readAgain()
      const sent = {
        signature,
        amount: check.amount,
        receiver: to,
        token,
        symbol: label.symbol,
        decimals,
        rent,
      }
      if (mounted.current) setState({ status: 'sent', sent, confirmation: 'pending' })
      const confirmation = await adapter.confirmTransaction({ signature }).then(
        (): SolanaSendConfirmation => 'confirmed',
        (error: unknown): SolanaSendConfirmation =>
          (error as Error | undefined)?.name === 'SolanaTransactionFailedError'
            ? 'failed'
            : 'unconfirmed',
      )
      readAgain()
      if (mounted.current) setState({ status: 'sent', sent, confirmation })
    } catch (error) {
      if (mounted.current)
        setState({
          status: 'editing',
          error: error instanceof Error ? error : new Error(String(error)),
        })
    }
  }

  if (state.status === 'sent')
    return (
      <SolanaSent
        sent={state.sent}
        confirmation={state.confirmation}
        cluster={account.cluster.name}
        onAgain={() => {
          setForm({ amount: '', receiver: '' })
          setState({ status: 'editing' })
        }}
        onDone={() => router.reset('Account')}
      />
    )

  return (
    <form data-lk-send="" onSubmit={submit} noValidate aria-busy={sending || undefined}>
      <SolanaSendAmountCard
        amount={amount}
        onAmount={setAmount}
        invalid={check.rule === 'invalidAmount'}
        token={token}
        symbol={label.symbol}
        held={held}
        disabled={sending}
        buttonRef={tokenButton}
        onPick={() => router.push('SolanaSendSelectToken')}
      />

      <div data-lk-send-card="" data-invalid={receiverError ? '' : undefined}>
        <label data-lk-send-label="" htmlFor={receiverId}>
          {tSend('send.receiver')}
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

      <SolanaSendDetails
        cluster={account.cluster.name}
        symbol={label.symbol}
        plan={token ? plan : undefined}
        checksReceiver={token !== undefined && receiverAddress !== undefined}
      />

      {state.status === 'editing' && <SendErrorNotice error={state.error} />}
      {rule && (
        <p
          data-lk-send-rule=""
          data-tone={ruleIsError ? 'error' : undefined}
          data-testid="send-rule"
          role={ruleIsError ? 'alert' : undefined}
        >
          {tSend(
            `send.rule.${rule}`,
            rentRules.rentExemptMinimum === undefined
              ? undefined
              : { minimum: formatUnits(rentRules.rentExemptMinimum, solDecimals) },
          )}
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
            {tSend('send.status.sending')}
          </p>
        </div>
      ) : null}
      <button
        type="submit"
        data-lk-button-primary=""
        data-testid="send-confirm"
        disabled={!ready || sending}
      >
        {tSend('send.confirm')}
      </button>
    </form>
  )
})
