import { useState } from 'react'
import type { FrameLoginProvider } from '../../../src/schemas/frameValues'
import { socialProviderName } from '../../../src/utils/socialProviderName'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useSocialLogin } from '../../hooks/useSocialLogin'
import { t } from '../../locales/t'
import { SocialIcon } from './SocialIcon'

/** Props of {@link SocialMethod}. */
export interface SocialMethodProps {
  /** The providers to offer, in order (see `useSocialProviders`). */
  providers: readonly FrameLoginProvider[]
  /** Draw the 'or' separator under it (wallets follow). */
  separator: boolean
}

/** Icon buttons in the row under the first provider; past it, the last place is "more". */
const rowSize = 4

/**
 * The social connect method of the Connect view (SPEC §2 order): the first provider as a wide
 * "Continue with" button, the next ones as icons in a row, collapsed behind "more" past the
 * first few. A click opens the provider's popup at once (in the click, or the browser blocks it)
 * and goes on to ConnectingSocial; Farcaster's goes on to ConnectingFarcaster.
 */
export function SocialMethod({ providers, separator }: SocialMethodProps) {
  const { router } = useLatchkeyContext()
  const { start } = useSocialLogin()
  const [expanded, setExpanded] = useState(false)
  const [first, ...rest] = providers
  if (!first) return null
  const collapsed = !expanded && rest.length > rowSize
  const row = collapsed ? rest.slice(0, rowSize - 1) : rest
  const choose = (provider: FrameLoginProvider) => {
    // Farcaster signs in on the visitor's phone (a QR code), not in a popup: its own view.
    if (provider === 'farcaster') return router.push('ConnectingFarcaster')
    start(provider)
    router.push('ConnectingSocial', { provider })
  }
  return (
    <div data-lk-method="social">
      <button
        type="button"
        data-lk-social-wide=""
        data-testid={`social-${first}`}
        onClick={() => choose(first)}
      >
        <SocialIcon provider={first} />
        <span>{t('social.continueWith', { name: socialProviderName(first) })}</span>
      </button>
      {rest.length > 0 && (
        <div data-lk-social-row="">
          {row.map((provider) => (
            <button
              key={provider}
              type="button"
              data-lk-social-icon-button=""
              data-testid={`social-${provider}`}
              aria-label={t('social.signInWith', { name: socialProviderName(provider) })}
              title={socialProviderName(provider)}
              onClick={() => choose(provider)}
            >
              <SocialIcon provider={provider} />
            </button>
          ))}
          {collapsed && (
            <button
              type="button"
              data-lk-social-icon-button=""
              data-testid="social-more"
              aria-label={t('social.more')}
              title={t('social.more')}
              aria-expanded={false}
              onClick={() => setExpanded(true)}
            >
              <MoreIcon />
            </button>
          )}
        </div>
      )}
      {separator && (
        <div data-lk-separator="" aria-hidden="true">
          <span>{t('email.or')}</span>
        </div>
      )}
    </div>
  )
}

/** Three dots: more providers. */
const MoreIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
)
