import { createSocialLoginFlow } from '../../../src/embeddedWallet/createSocialLoginFlow'
import { afterModal } from '../lazy/afterModal'
import type { ModalPartModules } from '../lazy/modalParts'
import { ConnectingSocial } from '../views/ConnectingSocial'
import { AccountLogins } from './AccountLogins'
import { AccountRecovery } from './AccountRecovery'
import { AccountSecurity } from './AccountSecurity'
import { AccountSocial } from './AccountSocial'
import { ConnectingFarcaster } from './FarcasterConnecting'
import { SocialMethod } from './SocialMethod'

/** What the social chunk hands the modal (see lazySocial.tsx), with Account's Security row. */
export const socialViews = afterModal({
  ConnectingSocial,
  ConnectingFarcaster,
  SocialMethod,
  AccountSocial,
  AccountSecurity,
  AccountLogins,
  AccountRecovery,
  createSocialLoginFlow,
} satisfies ModalPartModules['social']['socialViews'])
