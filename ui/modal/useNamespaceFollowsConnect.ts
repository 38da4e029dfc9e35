import { useEffect, useRef } from 'react'
import { isConnected } from '../../src/client/isConnected'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useConnection } from '../useConnection'

/**
 * A visitor's connect makes its namespace the one shown (the modal chunk follows it from its
 * first load: the modal is there for any connect made in it); a reconnect after a reload does
 * not (wagmi's goes through 'reconnecting', Solana's through its own 'reconnecting').
 */
export function useNamespaceFollowsConnect() {
  const { setNamespace, solana } = useLatchkeyContext()
  const connection = useConnection()
  const connected = isConnected(connection)
  const connecting = useRef(false)
  useEffect(() => {
    if (connection.status === 'connecting') connecting.current = true
    else if (!connected) connecting.current = false
    else if (connecting.current) {
      connecting.current = false
      setNamespace('eip155')
    }
  }, [connection.status, connected, setNamespace])
  // Solana's connecting → connected, as the provider's snapshot reports it
  const solanaStatus = solana?.status
  const solanaConnecting = useRef(false)
  useEffect(() => {
    if (solanaStatus === 'connecting') solanaConnecting.current = true
    else if (solanaStatus !== 'connected') solanaConnecting.current = false
    else if (solanaConnecting.current) {
      solanaConnecting.current = false
      setNamespace('solana')
    }
  }, [solanaStatus, setNamespace])
}
