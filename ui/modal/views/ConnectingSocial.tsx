import { socialProviderName } from '../../../src/utils/socialProviderName'
import { useEmailLogin } from '../../hooks/useEmailLogin'
import { useSocialLogin } from '../../hooks/useSocialLogin'
import { t } from '../../locales/t'
import { SocialIcon } from '../embeddedWallet/SocialIcon'
import { AlertIcon } from '../icons'
import type { ViewProps } from '../ViewProps'

/**
 * A social login in progress (SPEC §4 "Social login"): waiting while the visitor is in the
 * provider's window, then signing in; a blocked popup, a closed one, a decline or a failure each
 * say so and offer "Try again", which opens the popup again in its own click.
 */
export function ConnectingSocial({ data }: ViewProps<'ConnectingSocial'>) {
  const { state, message, retry } = useSocialLogin()
  const { submitEmail } = useEmailLogin()
  const provider = state.provider ?? data?.provider
  if (!provider) return null
  const name = socialProviderName(provider)
  const { status, popupClosed } = state
  const failed = status === 'blocked' || status === 'cancelled' || status === 'error'
  // a decline is the visitor's choice: no alarm, only the way back in
  const shown =
    status === 'cancelled'
      ? 'idle'
      : failed
        ? 'error'
        : status === 'connected'
          ? 'success'
          : 'pending'
  const title =
    status === 'blocked'
      ? t('social.blocked', { name })
      : status === 'cancelled'
        ? t('social.cancelled')
        : status === 'error'
          ? t('social.failed', { name })
          : status === 'connecting' || status === 'connected'
            ? t('social.connecting')
            : t('social.waiting', { name })
  const hint =
    status === 'blocked'
      ? t('social.blockedHint')
      : status === 'cancelled'
        ? t('social.cancelledHint', { name })
        : status === 'starting'
          ? t('social.opening', { name })
          : status === 'authorizing'
            ? popupClosed
              ? t('social.closed', { name })
              : t('social.waitingHint', { name })
            : undefined
  // The provider's email has a wallet here already (never merged): prove it by code first, then
  // link the provider from Account. The code goes out from here, in one click.
  const proveEmail =
    status === 'error' && state.error?.name === 'SocialEmailNeedsProofError'
      ? (state.error as { email?: unknown }).email
      : undefined
  const offerRetry = failed || (popupClosed && (status === 'starting' || status === 'authorizing'))
  return (
    <div data-lk-connecting="" data-status={shown} data-social-status={status}>
      <div data-lk-connecting-icon="" data-status={shown}>
        <span data-lk-social-tile="">
          <SocialIcon provider={provider} size={44} />
        </span>
        {shown === 'error' && (
          <span data-lk-connecting-badge="" aria-hidden="true">
            <AlertIcon size={14} />
          </span>
        )}
      </div>
      <p data-lk-connecting-title="" data-testid="social-status" role="status">
        {title}
      </p>
      {status === 'error' && message !== undefined ? (
        <p data-lk-connecting-error="" data-testid="social-error" role="alert">
          {message}
        </p>
      ) : (
        hint && (
          <p data-lk-connecting-hint="" data-testid="social-hint">
            {hint}
          </p>
        )
      )}
      {typeof proveEmail === 'string' && (
        <button
          type="button"
          data-lk-button-primary=""
          data-testid="social-use-email"
          onClick={() => submitEmail(proveEmail)}
        >
          {t('social.useEmail', { email: proveEmail })}
        </button>
      )}
      {offerRetry && (
        <button
          type="button"
          data-lk-button-secondary=""
          data-testid="social-retry"
          onClick={retry}
        >
          {t('social.retry')}
        </button>
      )}
    </div>
  )
}
