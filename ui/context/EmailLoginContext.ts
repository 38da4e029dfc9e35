import { createContext } from 'react'
import type { EmailLoginFlow } from '../../src/embeddedWallet/createEmailLoginFlow'

/** The modal's shared email login flow (one per open modal), so every email view sees one state. */
export const EmailLoginContext = createContext<EmailLoginFlow | null | undefined>(undefined)
