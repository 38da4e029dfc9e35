import { useState } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { BaseError } from '../../../src/errors/base'
import { getCurrentRoute } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { describeEmbeddedError } from './describeEmbeddedError'
import { PasskeyIcon } from './embeddedIcons'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * "Continue with a passkey" under the email field (issue 16): the frame shows its passkey screen
 * (the modal shows the frame, as for an approval), the visitor clicks there, and wagmi connects
 * as after the email code; the modal goes on to Account, as after an email login. A declined
 * prompt (4001) says nothing; other failures say why.
 */
export function PasskeyButton() {
  const wallet = useEmbeddedWallet()
  const config = useConfig()
  const { router } = useLatchkeyContext()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  if (!wallet) return null
  const onClick = () => {
    setBusy(true)
    setError(undefined)
    wallet.api
      .connectPasskey()
      .then(() => connect(config, { connector: wallet.connector }))
      .then(
        () => {
          setBusy(false)
          if (getCurrentRoute(router.getState()).view === 'Connect') router.reset('Account')
        },
        (failure: unknown) => {
          setBusy(false)
          if ((failure as { code?: unknown }).code === 4001) return
          setError(failure instanceof BaseError ? describeEmbeddedError(failure) : undefined)
        },
      )
  }
  return (
    <>
      <button
        type="button"
        data-lk-row=""
        data-size="sm"
        data-lk-passkey=""
        data-testid="passkey-login"
        aria-disabled={busy}
        onClick={busy ? undefined : onClick}
      >
        <PasskeyIcon />
        <span data-lk-row-label="">{t('passkey.continue')}</span>
      </button>
      {error && (
        <p data-lk-email-error="" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
