import { createSocialLoginFlow } from '../../../src/embeddedWallet/createSocialLoginFlow'
import { afterModal } from '../lazy/afterModal'
import type { ModalPartModules } from '../lazy/modalParts'
import { ConnectingSocial } from '../views/ConnectingSocial'
import { AccountSocial } from './AccountSocial'
import { SocialMethod } from './SocialMethod'

/** What the social chunk hands the modal (see lazySocial.tsx). */
export const socialViews = afterModal({
  ConnectingSocial,
  SocialMethod,
  AccountSocial,
  createSocialLoginFlow,
} satisfies ModalPartModules['social']['socialViews'])
