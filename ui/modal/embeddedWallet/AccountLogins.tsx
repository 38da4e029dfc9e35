import { ActionRow } from '../ActionRow'
import { LinkIcon } from './embeddedIcons'
import { tSecurity } from './tSecurity'
import { useEmbeddedWallet } from './useEmbeddedWallet'
import { useFrameScreenRow } from './useFrameScreenRow'

/**
 * Account action of an embedded wallet account: opens the frame's "Ways to sign in" screen
 * (issue 14), where the visitor links an email, a provider or Farcaster to this wallet, or
 * removes one (never the last). It all happens in the wallet's frame, which the modal shows as
 * for an approval; the modal never sees a token, a code or a provider's result.
 */
export function AccountLogins() {
  const wallet = useEmbeddedWallet()
  const row = useFrameScreenRow(
    () => wallet?.api.openLogins() ?? Promise.resolve(),
    'logins.failed',
  )
  if (!wallet) return null
  return (
    <ActionRow
      icon={<LinkIcon />}
      label={tSecurity('logins.action')}
      testId="account-logins"
      busy={row.busy}
      opensView
      onClick={row.run}
    />
  )
}
