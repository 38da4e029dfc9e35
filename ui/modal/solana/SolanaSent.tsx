import { formatUnits } from 'viem'
import { solDecimals } from '../../../src/solana/checkSolanaSend'
import { truncateAddress } from '../../../src/utils/truncateAddress'
import { Avatar } from '../../components/Avatar'
import { t } from '../../locales/t'
import { AlertIcon, CheckIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { SentActions } from '../send/SentActions'
import { tSend } from '../send/tSend'
import { SolanaTokenIcon } from './SolanaTokenIcon'

/** A send that went out, as {@link SolanaSent} shows it. */
export interface SolanaSentTransfer {
  signature: string
  /** In the token's base units (lamports for SOL). */
  amount: bigint
  receiver: string
  /** The SPL token sent; undefined: SOL. */
  token: { mint: string; symbol: string | undefined; name: string | undefined } | undefined
  symbol: string
  decimals: number
  /** Lamports paid for the receiver's new token account (0 when it existed, and for SOL). */
  rent: bigint
}

/**
 * Where a send that went out is: waiting for the cluster to confirm it, confirmed, executed with
 * an error (fee paid, nothing sent), or not confirmed within the wait (it may still land).
 */
export type SolanaSendConfirmation = 'pending' | 'confirmed' | 'failed' | 'unconfirmed'

/**
 * A Solana send that went out: the amount and token, the receiver, the cluster, the rent paid
 * for the receiver's token account when the send created it, and the signature.
 */
export function SolanaSent({
  sent,
  confirmation,
  cluster,
  onAgain,
  onDone,
}: {
  sent: SolanaSentTransfer
  confirmation: SolanaSendConfirmation
  cluster: string
  onAgain(): void
  onDone(): void
}) {
  return (
    <div data-lk-send-preview="" data-state={confirmation} data-testid="solana-send-sent">
      <div data-lk-send-hero="">
        <SolanaTokenIcon token={sent.token} size={48} />
        <strong data-lk-send-hero-amount="" data-testid="send-preview-amount">
          {`${formatSendAmount(sent.amount, sent.decimals)} ${sent.symbol}`}
        </strong>
      </div>
      <dl data-lk-send-details="">
        <div>
          <dt>{tSend('send.receiver')}</dt>
          <dd title={sent.receiver} data-testid="send-preview-to">
            <Avatar address={sent.receiver} size={18} />
            {truncateAddress(sent.receiver)}
          </dd>
        </div>
        <div>
          <dt>{tSend('send.network')}</dt>
          <dd>{cluster}</dd>
        </div>
        {sent.rent > 0n && (
          <div>
            <dt>{t('solana.tokenAccountRent')}</dt>
            <dd data-testid="send-rent">{`${formatUnits(sent.rent, solDecimals)} SOL`}</dd>
          </div>
        )}
        <div>
          <dt>{t('solana.signature')}</dt>
          <dd title={sent.signature} data-testid="send-signature">
            {truncateAddress(sent.signature)}
          </dd>
        </div>
      </dl>
      <div
        data-lk-send-status=""
        aria-live="polite"
        data-testid="send-status"
        data-state={confirmation}
      >
        {confirmation === 'pending' && (
          <p>
            <span data-lk-send-spinner="" aria-hidden="true" />
            {tSend('send.status.pending')}
          </p>
        )}
        {confirmation === 'confirmed' && (
          <p data-tone="success">
            <CheckIcon size={16} />
            {tSend('send.status.confirmed')}
          </p>
        )}
        {confirmation === 'failed' && (
          <p data-tone="error">
            <AlertIcon size={16} />
            {tSend('send.status.failed')}
          </p>
        )}
        {confirmation === 'unconfirmed' && (
          <p data-tone="warning">
            <AlertIcon size={16} />
            {t('solana.notConfirmed')}
          </p>
        )}
      </div>
      <div data-lk-send-actions="">
        <SentActions onAgain={onAgain} onDone={onDone} />
      </div>
    </div>
  )
}
