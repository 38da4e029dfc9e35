import { ActionRow } from '../ActionRow'
import { ShieldIcon } from './embeddedIcons'
import { tSecurity } from './tSecurity'
import { useEmbeddedWallet } from './useEmbeddedWallet'
import { useFrameScreenRow } from './useFrameScreenRow'

/**
 * Account action of an embedded wallet account: opens the frame's security screens (second
 * factors, recovery codes, export of the key). Everything happens inside the wallet's frame,
 * which the modal shows as for an approval; the modal never sees a code or a key.
 */
export function AccountSecurity() {
  const wallet = useEmbeddedWallet()
  const row = useFrameScreenRow(
    () => wallet?.api.openSecurity() ?? Promise.resolve(),
    'security.failed',
  )
  if (!wallet) return null
  return (
    <ActionRow
      icon={<ShieldIcon />}
      label={tSecurity('security.action')}
      testId="account-security"
      busy={row.busy}
      opensView
      onClick={row.run}
    />
  )
}
