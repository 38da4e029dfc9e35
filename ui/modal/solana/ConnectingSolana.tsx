import { useEffect, useRef, useState } from 'react'
import { isUserRejection } from '../../../src/errors/isUserRejection'
import { parseErrorMessage } from '../../../src/utils/parseErrorMessage'
import { WalletIcon } from '../../components/WalletIcon'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useSolanaWallets } from '../../solana/useSolanaWallets'
import { AlertIcon } from '../icons'
import type { ViewProps } from '../ViewProps'
import { type ModalSolana, withModalSolana } from './withModalSolana'

type Status = 'pending' | 'error' | 'success'

/**
 * Connecting a Solana wallet: asks it once on mount (StrictMode included), shows a decline or
 * failure with Try again; on success the Solana namespace is the one shown and the modal closes,
 * as after an EVM connect.
 */
export const ConnectingSolana = withModalSolana<ViewProps<'ConnectingSolana'>>(
  function ConnectingSolana({
    data,
    solana,
  }: ViewProps<'ConnectingSolana'> & { solana: ModalSolana }) {
    const { adapter } = solana
    const { router, closeModal, setNamespace } = useLatchkeyContext()
    const name = typeof data?.wallet === 'string' ? data.wallet : ''
    const wallet = useSolanaWallets(solana).find((listed) => listed.name === name)
    const [status, setStatus] = useState<Status>('pending')
    const [error, setError] = useState<unknown>()
    const [attempt, setAttempt] = useState(0)
    const asked = useRef(-1)

    useEffect(() => {
      if (!name || asked.current === attempt) return
      asked.current = attempt
      setStatus('pending')
      adapter.connect({ wallet: name }).then(
        () => {
          setStatus('success')
          setNamespace('solana')
          if (router.getState().history.at(-1)?.view === 'ConnectingSolana') closeModal()
        },
        (failure: unknown) => {
          setError(failure)
          setStatus('error')
        },
      )
    }, [adapter, name, attempt, router, closeModal, setNamespace])

    if (!name) return null
    const failed = status === 'error'
    return (
      <div data-lk-connecting="" data-status={status}>
        <div data-lk-connecting-icon="" data-status={status}>
          <WalletIcon name={name} icon={wallet?.icon} size={72} />
          {failed && (
            <span data-lk-connecting-badge="" aria-hidden="true">
              <AlertIcon size={14} />
            </span>
          )}
        </div>
        <p data-lk-connecting-title="" data-testid="connecting-status" role="status">
          {t('connecting.continue', { name })}
        </p>
        {failed ? (
          <p data-lk-connecting-error="" role="alert">
            {isUserRejection(error) ? t('connecting.declined') : parseErrorMessage(error)}
          </p>
        ) : (
          <p data-lk-connecting-hint="">{t('connecting.accept')}</p>
        )}
        {failed && (
          <button
            type="button"
            data-lk-button-secondary=""
            data-testid="retry"
            onClick={() => setAttempt((count) => count + 1)}
          >
            {t('connecting.retry')}
          </button>
        )}
      </div>
    )
  },
)
