import { useEffect, useRef } from 'react'
import { useConnection } from '../useConnection'
import { useTrack } from './useTrack'

/**
 * Reports the modal's moments (SPEC §7): MODAL_OPEN and MODAL_CLOSE, CONNECT_SUCCESS when a
 * connect (not a page-load reconnect) ends connected, DISCONNECT_SUCCESS, and SWITCH_NETWORK when
 * a connected wallet changes chain. Mounted with the modal chunk's root, so it runs from the
 * modal's first load on (the first bundle carries none of it).
 */
export function useAnalyticsWatcher(open: boolean): void {
  const track = useTrack()
  const { status, address, chainId, connector } = useConnection()
  const trackRef = useRef(track)
  trackRef.current = track

  const previous = useRef({ status, address, chainId })
  useEffect(() => {
    const before = previous.current
    previous.current = { status, address, chainId }
    const name = connector?.name
    if (status === 'connected' && before.status === 'connecting')
      trackRef.current({
        event: 'CONNECT_SUCCESS',
        properties: { name, connector: connector?.type, chainId },
        address,
      })
    else if (status === 'disconnected' && before.status === 'connected')
      trackRef.current({ event: 'DISCONNECT_SUCCESS', address: before.address })
    else if (status === 'connected' && before.status === 'connected' && chainId !== before.chainId)
      trackRef.current({
        event: 'SWITCH_NETWORK',
        properties: { chainId, previousChainId: before.chainId },
        address,
      })
  }, [status, address, chainId, connector])

  const wasOpen = useRef(false)
  useEffect(() => {
    if (open === wasOpen.current) return
    wasOpen.current = open
    trackRef.current({
      event: open ? 'MODAL_OPEN' : 'MODAL_CLOSE',
      properties: { connected: status === 'connected' },
    })
  }, [open, status])
}
