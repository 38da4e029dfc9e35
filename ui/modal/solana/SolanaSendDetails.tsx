import { formatUnits } from 'viem'
import { solanaSignatureFee, solDecimals } from '../../../src/solana/checkSolanaSend'
import { t } from '../../locales/t'
import { AlertIcon } from '../icons'
import { formatSendAmount } from '../send/formatSendAmount'
import { tSend } from '../send/tSend'
import type { SplTransferPlan } from './useSplTransferPlan'

/**
 * What a Solana send costs besides the amount: the cluster, the fee, and for a token whose
 * receiver has no account for it yet, the rent the sender pays to create it (exact, in SOL: it
 * is a charge), said in words under the list; a failed check of the receiver's account, with
 * Try again.
 */
export function SolanaSendDetails({
  cluster,
  symbol,
  plan,
  checksReceiver,
}: {
  cluster: string
  /** The token's symbol, for the rent's explanation. */
  symbol: string
  /** Undefined for SOL. */
  plan: SplTransferPlan | undefined
  /** A token is sent to a valid address: its account is (being) looked up. */
  checksReceiver: boolean
}) {
  const account = plan?.receiverAccount
  // nothing is looked up for a token the transfer cannot move
  const checking = checksReceiver && plan?.support?.supported !== false && !account && !plan?.error
  const rent = account?.create ? account.rent : undefined
  return (
    <>
      <dl data-lk-send-details="">
        <div>
          <dt>{tSend('send.network')}</dt>
          <dd data-testid="send-network">{cluster}</dd>
        </div>
        <div>
          <dt>{tSend('send.fee')}</dt>
          <dd data-testid="send-fee">{`${formatSendAmount(solanaSignatureFee, solDecimals)} SOL`}</dd>
        </div>
        {checking && (
          <div>
            <dt>{t('solana.tokenAccount')}</dt>
            <dd data-testid="send-receiver-account" data-state="checking">
              {t('solana.tokenAccountChecking')}
            </dd>
          </div>
        )}
        {rent !== undefined && (
          <div>
            <dt>{t('solana.tokenAccountRent')}</dt>
            <dd data-testid="send-rent">{`${formatUnits(rent, solDecimals)} SOL`}</dd>
          </div>
        )}
      </dl>
      {rent !== undefined && (
        <p data-lk-send-field-hint="" data-testid="send-rent-hint">
          {t('solana.tokenAccountRentHint', { symbol })}
        </p>
      )}
      {plan?.error && (
        <p data-lk-send-notice="" role="alert" data-testid="send-check-error">
          <AlertIcon size={16} />
          <span>{t('solana.tokenAccountFailed')}</span>
          <button
            type="button"
            data-lk-link-button=""
            data-testid="send-check-retry"
            onClick={plan.retry}
          >
            {t('connecting.retry')}
          </button>
        </p>
      )}
    </>
  )
}
