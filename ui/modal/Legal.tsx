import { isSafeLinkUrl } from '../../src/utils/url'
import { useModalParts } from '../context/useModalParts'
import { interpolate } from '../locales/interpolate'
import { t } from '../locales/t'

/** Terms and privacy links under the wallet list, when the host configured them (https only). */
export function Legal() {
  const { options } = useModalParts()
  const terms = isSafeLinkUrl(options.termsConditionsUrl) ? options.termsConditionsUrl : undefined
  const privacy = isSafeLinkUrl(options.privacyPolicyUrl) ? options.privacyPolicyUrl : undefined
  if (!terms && !privacy) return null
  const link = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  )
  const key =
    terms && privacy
      ? 'connect.legal'
      : terms
        ? 'connect.legalTermsOnly'
        : 'connect.legalPrivacyOnly'
  return (
    <p data-lk-legal="">
      {interpolate(t(key), {
        terms: terms ? link(terms, t('connect.legalTerms')) : null,
        privacy: privacy ? link(privacy, t('connect.legalPrivacy')) : null,
      })}
    </p>
  )
}
