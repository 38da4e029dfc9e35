import { afterModal } from '../lazy/afterModal'
import type { ModalPartModules } from '../lazy/modalParts'
import { ConnectingSolana } from './ConnectingSolana'
import { ConnectingSolanaWalletConnect } from './ConnectingSolanaWalletConnect'
import { SolanaAccount } from './SolanaAccount'
import { SolanaClusters } from './SolanaClusters'
import { SolanaReceive } from './SolanaReceive'
import { SolanaSend } from './SolanaSend'
import { SolanaSendSelectToken } from './SolanaSendSelectToken'
import { SolanaWalletRows } from './SolanaWalletRows'

/** What the Solana chunk hands the modal (see loadSolanaViews.ts). */
export const solanaViews = afterModal({
  ConnectingSolana,
  ConnectingSolanaWalletConnect,
  SolanaAccount,
  SolanaClusters,
  SolanaReceive,
  SolanaSend,
  SolanaSendSelectToken,
  SolanaWalletRows,
} satisfies ModalPartModules['solana']['solanaViews'])
