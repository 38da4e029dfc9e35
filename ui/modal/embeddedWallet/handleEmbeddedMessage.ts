import type { ConnectorMessage } from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { readEmbeddedWalletMessage } from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { frameSocialProviderSchema } from '../../../src/schemas/frameValues'
import type { LatchkeyContextValue } from '../../context/LatchkeyContext'
import { handleApproval } from './handleApproval'

/**
 * What the modal does with an embedded wallet message, even while closed: an approval opens
 * ApproveTransaction (`handleApproval`); a redirect-mode social login back on the page opens
 * ConnectingSocial, where the social login flow finishes it (`SocialLoginFlow.resume`).
 */
export function handleEmbeddedMessage(
  context: LatchkeyContextValue,
  message: ConnectorMessage,
  isConnected: boolean,
) {
  const returned = readEmbeddedWalletMessage(message, 'embedded:socialRedirect')
  if (!returned) return handleApproval(context, message, isConnected)
  const provider = frameSocialProviderSchema.safeParse(returned.provider)
  if (!provider.success) return
  const data = { provider: provider.data }
  if (context.modal.getState().open) context.router.push('ConnectingSocial', data)
  else context.openModal({ view: 'ConnectingSocial', data })
}
