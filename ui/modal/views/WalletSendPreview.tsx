import { useEffect } from 'react'
import { getCurrentRoute } from '../../../src/machines/router'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { Avatar } from '../../components/Avatar'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSend } from '../../hooks/useSend'
import { useConnection } from '../../useConnection'
import { AlertIcon, CheckIcon, ExternalIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SendErrorNotice } from '../send/SendErrorNotice'
import { SentActions } from '../send/SentActions'
import { TokenIcon } from '../send/TokenIcon'
import { tSend } from '../send/tSend'
import { useNetworkInfo } from '../useNetworkInfo'

/**
 * The send to confirm: amount and token, from, to (with its name), network and network fee;
 * Send asks the wallet, then the status follows the transaction to its receipt: pending →
 * confirmed, or failed / replaced (SPEC §4: success is a receipt, not a hash).
 */
export function WalletSendPreview() {
  const { router } = useLatchkeyContext()
  const send = useSend()
  const { chainId } = useConnection()
  const network = useNetworkInfo(chainId)
  const { status, sent } = send

  // nothing to preview (the form changed under it: another account or network): back to the form
  const lost = status === 'editing' && !send.ready
  useEffect(() => {
    // only while on top: a view animating out after Done or New send must not navigate again
    if (lost && getCurrentRoute(router.getState()).view === 'WalletSendPreview') router.goBack()
  }, [lost, router])

  const receiver = send.receiver.status === 'valid' ? send.receiver : undefined
  const token = sent?.token ?? send.token
  const amount = sent?.amount ?? send.amount.trim().replace(',', '.')
  const to = sent?.to ?? receiver?.address
  const toName = sent ? sent.toName : receiver?.name
  const fee = sent ? sent.fee : send.fee && send.fee.gas * send.fee.maxFeePerGas
  const hash = sent?.hash
  const explorerUrl = hash && network?.explorerUrl ? `${network.explorerUrl}/tx/${hash}` : undefined
  const finished = status === 'confirmed' || status === 'failed' || status === 'replaced'

  if (!token || !to) return null
  return (
    <div data-lk-send-preview="" data-state={status} data-testid="send-preview-view">
      <div data-lk-send-hero="">
        <TokenIcon
          symbol={token.symbol}
          address={token.address}
          iconUrl={token.iconUrl}
          chainId={chainId}
          size={48}
        />
        <strong data-lk-send-hero-amount="" data-testid="send-preview-amount">
          {amount} {token.symbol}
        </strong>
      </div>
      <dl data-lk-send-details="">
        {send.account && (
          <div>
            <dt>{tSend('send.from')}</dt>
            <dd title={send.account.address}>
              <Avatar address={send.account.address} size={18} />
              {truncateAddress(send.account.address)}
            </dd>
          </div>
        )}
        <div>
          <dt>{tSend('send.receiver')}</dt>
          <dd title={to} data-testid="send-preview-to">
            <Avatar address={to} size={18} />
            {toName ? `${toName} (${truncateAddress(to)})` : truncateAddress(to)}
          </dd>
        </div>
        {network && (
          <div>
            <dt>{tSend('send.network')}</dt>
            <dd>{network.name}</dd>
          </div>
        )}
        <div>
          <dt>{tSend('send.fee')}</dt>
          <dd data-testid="send-fee">
            {fee !== undefined && network
              ? `${formatSendAmount(fee, network.decimals)} ${network.symbol}`
              : tSend('send.feeEstimating')}
          </dd>
        </div>
      </dl>

      <div data-lk-send-status="" aria-live="polite" data-testid="send-status" data-state={status}>
        {status === 'sending' && (
          <p>
            <span data-lk-send-spinner="" aria-hidden="true" />
            {tSend('send.status.sending')}
          </p>
        )}
        {status === 'pending' && (
          <p>
            <span data-lk-send-spinner="" aria-hidden="true" />
            {tSend('send.status.pending')}
          </p>
        )}
        {status === 'confirmed' && (
          <p data-tone="success">
            <CheckIcon size={16} />
            {tSend('send.status.confirmed')}
          </p>
        )}
        {(status === 'failed' || status === 'replaced') && (
          <p data-tone="error">
            <AlertIcon size={16} />
            {tSend(status === 'failed' ? 'send.status.failed' : 'send.status.replaced')}
          </p>
        )}
      </div>
      {status === 'editing' && <SendErrorNotice error={send.error} />}
      {explorerUrl && (
        <a
          data-lk-send-explorer=""
          href={explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="send-explorer"
        >
          <ExternalIcon size={14} />
          {tSend('send.explorer')}
        </a>
      )}

      <div data-lk-send-actions="">
        {finished ? (
          <SentActions
            onAgain={() => {
              send.dismiss()
              router.goBack()
            }}
            onDone={() => {
              send.dismiss()
              router.reset('Account')
            }}
          />
        ) : (
          <>
            <button
              type="button"
              data-lk-button-ghost=""
              data-testid="send-edit"
              disabled={send.isPending}
              onClick={() => router.goBack()}
            >
              {tSend('send.edit')}
            </button>
            <button
              type="button"
              data-lk-button-primary=""
              data-testid="send-confirm"
              disabled={send.isPending || !send.ready}
              onClick={() => void send.send()}
            >
              {tSend('send.confirm')}
            </button>
          </>
        )}
      </div>
    </div>
  )
}
