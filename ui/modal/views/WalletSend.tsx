import { type FormEvent, useEffect, useId } from 'react'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { Avatar } from '../../components/Avatar'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSend } from '../../hooks/useSend'
import { useConnection } from '../../useConnection'
import { ChevronIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SendAmountInput } from '../send/SendAmountInput'
import { SendErrorNotice } from '../send/SendErrorNotice'
import { TokenIcon } from '../send/TokenIcon'
import { tSend } from '../send/tSend'
import type { ViewProps } from '../ViewProps'

// Route data whose token was already selected: the view mounts again after Select a token.
const applied = new WeakSet<object>()

/**
 * The send form (SPEC §3 send state): the token (Select a token), the amount with Max (the
 * native currency keeps the network fee back), the receiver (an address or a name, checked
 * 500 ms after the last keystroke, with its name and avatar), and the first send rule the form
 * breaks. Preview opens WalletSendPreview.
 */
export function WalletSend({ data }: ViewProps<'WalletSend'>) {
  const { router, modal } = useLatchkeyContext()
  const send = useSend()
  const { status: connection, chainId } = useConnection()
  const amountId = useId()
  const receiverId = useId()
  const receiverHintId = useId()
  const routeToken = data?.token
  const { token, nativeToken, selectToken, dismiss } = send

  // the token the host opened Send with (once per opening: a token picked later stays), else the
  // chain's own currency
  useEffect(() => {
    if (!data || !routeToken || applied.has(data)) return
    applied.add(data)
    selectToken(routeToken)
  }, [data, routeToken, selectToken])
  useEffect(() => {
    if (!token && !routeToken && nativeToken) selectToken(nativeToken)
  }, [token, routeToken, nativeToken, selectToken])
  // a finished send's status stays in the preview; coming back here starts a fresh form
  useEffect(() => {
    if (send.status === 'confirmed' || send.status === 'failed' || send.status === 'replaced')
      dismiss()
  }, [send.status, dismiss])
  useEffect(() => {
    if (connection === 'disconnected' && modal.getState().open) router.reset('Connect')
  }, [connection, router, modal])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (send.ready) router.push('WalletSendPreview')
  }

  const { receiver, violation } = send
  const receiverError =
    receiver.status === 'invalid' ? tSend(`send.rule.${receiver.rule}`) : undefined
  // the receiver's own error shows under its field; any other rule above the button
  const rule =
    violation && violation.rule !== 'invalidAddress' && violation.rule !== 'nameNotFound'
      ? violation.rule
      : undefined
  const ruleIsError = rule !== undefined && rule !== 'amountAndReceiverRequired'
  const balance =
    token && send.tokenBalance !== undefined
      ? `${formatSendAmount(send.tokenBalance, token.decimals)} ${token.symbol}`
      : undefined
  const canMax =
    send.tokenBalance !== undefined && (token?.address !== undefined || send.fee !== undefined)

  return (
    <form data-lk-send="" onSubmit={submit} noValidate>
      <div data-lk-send-card="">
        <label data-lk-send-label="" htmlFor={amountId}>
          {tSend('send.amount')}
        </label>
        <div data-lk-send-amount-row="">
          <SendAmountInput
            id={amountId}
            value={send.amount}
            invalid={violation?.rule === 'invalidAmount'}
            onChange={send.setAmount}
          />
          <button
            type="button"
            data-lk-send-token=""
            data-testid="send-token"
            aria-label={
              token ? `${tSend('send.token')}: ${token.symbol}` : tSend('send.chooseToken')
            }
            onClick={() => router.push('WalletSendSelectToken')}
          >
            {token ? (
              <>
                <TokenIcon
                  symbol={token.symbol}
                  address={token.address}
                  iconUrl={token.iconUrl}
                  chainId={chainId}
                  size={22}
                />
                <span>{token.symbol}</span>
              </>
            ) : (
              <span>{tSend('send.chooseToken')}</span>
            )}
            <ChevronIcon size={14} />
          </button>
        </div>
        <div data-lk-send-balance-row="">
          <span data-testid="send-balance" data-state={balance ? undefined : 'unknown'}>
            {balance ? tSend('send.balance', { amount: balance }) : token ? '—' : ''}
          </span>
          <button
            type="button"
            data-lk-link-button=""
            data-testid="send-max"
            disabled={!canMax}
            onClick={send.setMax}
          >
            {tSend('send.max')}
          </button>
        </div>
      </div>

      <div data-lk-send-card="" data-invalid={receiverError ? '' : undefined}>
        <label data-lk-send-label="" htmlFor={receiverId}>
          {tSend('send.receiver')}
        </label>
        <div data-lk-send-receiver="">
          {receiver.status === 'valid' &&
            (send.receiverAvatar ? (
              <img data-lk-send-avatar="" src={send.receiverAvatar} alt="" width={24} height={24} />
            ) : (
              <Avatar address={receiver.address} size={24} />
            ))}
          <input
            id={receiverId}
            data-testid="send-receiver"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={tSend('send.receiverPlaceholder')}
            value={send.receiverInput}
            aria-invalid={receiverError ? true : undefined}
            aria-describedby={receiverHintId}
            onChange={(event) => send.setReceiver(event.target.value)}
          />
        </div>
        <p data-lk-send-field-hint="" id={receiverHintId} aria-live="polite">
          {receiverError ? (
            <span data-lk-send-error="" role="alert" data-testid="send-receiver-error">
              {receiverError}
            </span>
          ) : receiver.status === 'resolving' ? (
            tSend('send.resolving', { name: receiver.name })
          ) : receiver.status === 'valid' ? (
            <span data-testid="send-receiver-resolved">
              {receiver.name ? `${receiver.name} · ` : ''}
              {truncateAddress(receiver.address)}
            </span>
          ) : null}
        </p>
      </div>

      <SendErrorNotice error={send.error} />
      {send.feeError && !rule && (
        <p data-lk-send-rule="" data-tone="error" data-testid="send-fee-error">
          {tSend('send.feeFailed')}
        </p>
      )}
      {rule && (
        <p
          data-lk-send-rule=""
          data-tone={ruleIsError ? 'error' : undefined}
          data-testid="send-rule"
          role={ruleIsError ? 'alert' : undefined}
        >
          {tSend(`send.rule.${rule}`)}
        </p>
      )}
      <button
        type="submit"
        data-lk-button-primary=""
        data-testid="send-preview"
        disabled={!send.ready}
      >
        {tSend('send.preview')}
      </button>
    </form>
  )
}
