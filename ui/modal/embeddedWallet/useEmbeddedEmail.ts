import { useEffect, useState } from 'react'
import {
  type ConnectorMessage,
  readEmbeddedWalletMessage,
} from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { useConnection } from '../../useConnection'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * The login email of the connected embedded wallet account; undefined for any other wallet. The
 * connector owns the current email (`embedded.getEmail()`): this reads it, and again after an
 * email change.
 */
export function useEmbeddedEmail(): string | undefined {
  const wallet = useEmbeddedWallet()
  const { connector, address } = useConnection()
  const active = wallet !== undefined && connector?.uid === wallet.connector.uid
  const [email, setEmail] = useState<string | undefined>(() => wallet?.api.user?.email ?? undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account may have another email
  useEffect(() => {
    if (!wallet || !active) return
    let current = true
    const read = () =>
      wallet.api.getEmail().then(
        (next) => {
          if (current) setEmail(next)
        },
        () => {},
      )
    read()
    const onMessage = (message: ConnectorMessage) => {
      if (readEmbeddedWalletMessage(message, 'embedded:emailUpdated')) read()
    }
    wallet.connector.emitter.on('message', onMessage)
    return () => {
      current = false
      wallet.connector.emitter.off('message', onMessage)
    }
  }, [wallet, active, address])

  return wallet && active ? email : undefined
}
