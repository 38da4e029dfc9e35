import {
  type ConnectorMessage,
  readEmbeddedWalletMessage,
} from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { getCurrentRoute } from '../../../src/machines/router'
import type { LatchkeyContextValue } from '../../context/LatchkeyContext'
import { t } from '../../locales/t'

const signMethods: ReadonlySet<string> = new Set(['personal_sign', 'eth_signTypedData_v4'])

/**
 * Opens ApproveTransaction when the frame waits for an approval click (even with the modal
 * closed), and leaves it once the request settled: back to where the modal was, or closed if the
 * approval opened it. A rejection shows 'Signature declined' (SPEC §8), on Account when the
 * approval had opened the modal (a toast needs an open modal).
 */
export function handleApproval(
  context: LatchkeyContextValue,
  message: ConnectorMessage,
  isConnected: boolean,
) {
  const approval = readEmbeddedWalletMessage(message, 'embedded:approval')
  if (!approval) return
  const { router, modal, openModal, closeModal, parts } = context
  const route = getCurrentRoute(router.getState())
  const open = modal.getState().open
  const approving = route.view === 'ApproveTransaction' ? route.data : undefined
  const here = open && approving?.id === approval.id
  const opened = approving?.opened === true
  if (approval.pending) {
    if (here) return
    const data = { id: approval.id, method: approval.method }
    if (!open) openModal({ view: 'ApproveTransaction', data: { ...data, opened: true } })
    // the next approval of a queue takes the place of the one that just settled
    else if (route.view === 'ApproveTransaction') router.replace(route.view, { ...data, opened })
    else router.push('ApproveTransaction', data)
    return
  }
  if (!approval.outcome || !here) return
  if (approval.outcome !== 'rejected') return opened ? closeModal() : router.goBack()
  parts?.toast.show(
    'error',
    t(signMethods.has(approval.method) ? 'embedded.signatureDeclined' : 'embedded.requestDeclined'),
  )
  if (!opened) return router.goBack()
  router.replace(isConnected ? 'Account' : 'Connect')
}
