import { createContext } from 'react'
import type { SocialLoginFlow } from '../../src/embeddedWallet/createSocialLoginFlow'

/** The modal's shared social login flow (one per open modal): the buttons and ConnectingSocial see one state. */
export const SocialLoginContext = createContext<SocialLoginFlow | null | undefined>(undefined)
