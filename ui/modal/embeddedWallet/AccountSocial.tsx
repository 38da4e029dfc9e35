import { useEffect, useState } from 'react'
import { socialProviderName } from '../../../src/utils/socialProviderName'
import { t } from '../../locales/t'
import { useConnection } from '../../useConnection'
import { SocialIcon } from './SocialIcon'
import { useEmbeddedWallet } from './useEmbeddedWallet'

type SocialLogin = { provider: string; userName: string | undefined }

/**
 * The social provider and username under the address (SPEC §3 "socialProvider", "userName"),
 * for an embedded wallet account signed in with a provider; nothing otherwise.
 */
export function AccountSocial() {
  const wallet = useEmbeddedWallet()
  const { connector, address } = useConnection()
  const [login, setLogin] = useState<SocialLogin | undefined>()
  const ours = wallet !== undefined && connector?.uid === wallet.connector.uid
  useEffect(() => {
    if (!ours || !wallet || !address) return setLogin(undefined)
    let live = true
    wallet.api.getSocialLogin().then(
      (next) => live && setLogin(next),
      () => live && setLogin(undefined),
    )
    return () => {
      live = false
    }
  }, [ours, wallet, address])
  if (!ours || !login) return null
  const name = socialProviderName(login.provider)
  return (
    <span
      data-lk-account-email=""
      data-testid="account-social"
      data-provider={login.provider}
      title={t('account.socialLogin', { name })}
    >
      <SocialIcon provider={login.provider} size={14} />
      <span>{login.userName ?? t('account.socialLogin', { name })}</span>
    </span>
  )
}
