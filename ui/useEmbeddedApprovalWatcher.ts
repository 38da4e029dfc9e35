import { useEffect, useRef } from 'react'
import { useConfig } from 'wagmi'
import { isConnected } from '../src/client/isConnected'
import { readConnection } from '../src/client/readConnection'
import type { LatchkeyContextValue } from './context/LatchkeyContext'
import { preloadModal } from './preloadModal'

/**
 * Follows the embedded wallet's messages (see `handleEmbedded`): ApproveTransaction opens
 * by itself when the frame waits for a click, even before the modal was ever opened, and
 * ConnectingSocial when a redirect-mode social login comes back. Only the listener sits in the
 * first bundle; what it does comes with the modal chunk on the first message.
 */
export function useEmbeddedApprovalWatcher(context: LatchkeyContextValue) {
  const config = useConfig()
  const latest = useRef(context)
  latest.current = context

  useEffect(() => {
    const stops: (() => void)[] = []
    // Every message goes to the modal chunk, which picks the ones it acts on (approvals, a
    // social login's redirect back): one module promise, so they are handled in the order they
    // came, and no list of types in the first bundle.
    const onMessage = (message: { type: string; data?: unknown }) => {
      preloadModal().then(
        (chunk) =>
          chunk.handleEmbedded(latest.current, message, isConnected(readConnection(config.state))),
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
