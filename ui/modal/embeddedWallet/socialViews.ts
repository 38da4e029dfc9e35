import { afterModal } from '../lazy/afterModal'
import type { ModalPartModules } from '../lazy/modalParts'
import { ConnectingSocial } from '../views/ConnectingSocial'
import { AccountSocial } from './AccountSocial'
import { ConnectingFarcaster } from './FarcasterConnecting'
import { SocialMethod } from './SocialMethod'

/** What the social chunk hands the modal (see lazySocial.tsx). */
export const socialViews = afterModal({
  ConnectingSocial,
  ConnectingFarcaster,
  SocialMethod,
  AccountSocial,
} satisfies ModalPartModules['social']['socialViews'])
