import { useEffect, useRef } from 'react'
import { useConfig } from 'wagmi'
import { isConnected } from '../src/client/isConnected'
import { readConnection } from '../src/client/readConnection'
import type { LatchkeyContextValue } from './context/LatchkeyContext'
import { preloadModal } from './preloadModal'

/**
 * Follows the embedded wallet's approvals (see `handleApproval`): ApproveTransaction opens by
 * itself when the frame waits for a click, even before the modal was ever opened. Only the
 * listener sits in the first bundle; what it does comes with the modal chunk on the first approval.
 */
export function useEmbeddedApprovalWatcher(context: LatchkeyContextValue) {
  const config = useConfig()
  const latest = useRef(context)
  latest.current = context

  useEffect(() => {
    const stops: (() => void)[] = []
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type !== 'embedded:approval') return
      // one module promise: messages are handled in the order they came. The approval view is
      // the modal's, so its handler comes with the modal chunk (no chunk of its own to fetch).
      preloadModal().then(
        (chunk) =>
          chunk.handleApproval(latest.current, message, isConnected(readConnection(config.state))),
        () => {},
      )
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
