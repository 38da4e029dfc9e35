import { useEffect, useRef } from 'react'
import { useConfig } from 'wagmi'
import { getCurrentRoute } from '../../src/machines/router'
import type { LatchkeyContextValue } from '../context/LatchkeyContext'
import { t } from '../locales/t'

type Approval = { id: string; method: string; pending: boolean; outcome?: string }

const signMethods: ReadonlySet<string> = new Set(['personal_sign', 'eth_signTypedData_v4'])

/**
 * Opens ApproveTransaction when the embedded wallet's frame waits for an approval click (even
 * with the modal closed), and leaves it once the request settled: back to where the modal was,
 * or closed if the approval opened it. A rejection shows 'Signature declined' (SPEC §8).
 * Lives in the first bundle, beside the provider: the modal may not be loaded yet.
 */
export function useEmbeddedApprovalWatcher(context: LatchkeyContextValue) {
  const config = useConfig()
  const latest = useRef(context)
  latest.current = context

  useEffect(() => {
    const stops: (() => void)[] = []
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type !== 'embedded:approval') return
      const { router, modal, openModal, closeModal, core } = latest.current
      const approval = message.data as Approval
      const route = getCurrentRoute(router.getState())
      const here =
        modal.getState().open &&
        route.view === 'ApproveTransaction' &&
        route.data?.id === approval.id
      const opened = route.data?.opened === true
      if (approval.pending) {
        if (here) return
        const data = { id: approval.id, method: approval.method }
        if (!modal.getState().open)
          openModal({ view: 'ApproveTransaction', data: { ...data, opened: true } })
        // the next approval of a queue takes the place of the one that just settled
        else if (route.view === 'ApproveTransaction')
          router.replace(route.view, { ...data, opened })
        else router.push('ApproveTransaction', data)
        return
      }
      if (!approval.outcome || !here) return
      if (approval.outcome !== 'rejected') return opened ? closeModal() : router.goBack()
      core?.toast.show(
        'error',
        t(
          signMethods.has(approval.method)
            ? 'embedded.signatureDeclined'
            : 'embedded.requestDeclined',
        ),
      )
      // The toast needs the modal: a modal the approval opened shows the account instead.
      if (!opened) return router.goBack()
      router.replace(config.state.status === 'connected' ? 'Account' : 'Connect')
    }
    for (const connector of config.connectors) {
      if (connector.type !== 'embeddedWallet') continue
      connector.emitter.on('message', onMessage)
      stops.push(() => connector.emitter.off('message', onMessage))
    }
    return () => {
      for (const stop of stops) stop()
    }
  }, [config])
}
