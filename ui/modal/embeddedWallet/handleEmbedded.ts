import type { ConnectorMessage } from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { readEmbeddedWalletMessage } from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import type { FrameSocialProvider } from '../../../src/schemas/frameValues'
import type { LatchkeyContextValue } from '../../context/LatchkeyContext'
import { handleApproval } from './handleApproval'

/**
 * What the modal does with an embedded wallet message, even while closed: an approval opens
 * ApproveTransaction (`handleApproval`); a redirect-mode social login back on the page opens
 * ConnectingSocial, where the social login flow finishes it (`SocialLoginFlow.resume`).
 */
export function handleEmbedded(
  context: LatchkeyContextValue,
  message: ConnectorMessage,
  isConnected: boolean,
) {
  const returned = readEmbeddedWalletMessage(message, 'embedded:socialRedirect')
  if (!returned) return handleApproval(context, message, isConnected)
  // The provider's name only (no zod here: this file is in the modal's first chunk); the social
  // login flow checks the tab's record before it redeems anything.
  if (typeof returned.provider !== 'string') return
  const data = { provider: returned.provider as FrameSocialProvider }
  if (context.modal.getState().open) context.router.push('ConnectingSocial', data)
  else context.openModal({ view: 'ConnectingSocial', data })
}
