import { useEffect, useState } from 'react'
import { useConnection } from '../../wagmiCompat'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/** The login email of the connected embedded wallet account; undefined for any other wallet. */
export function useEmbeddedEmail(): string | undefined {
  const wallet = useEmbeddedWallet()
  const { connector, address } = useConnection()
  const active = wallet !== undefined && connector?.uid === wallet.connector.uid
  const [stored, setStored] = useState<string | undefined>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account may have another email
  useEffect(() => {
    if (!wallet || !active) return
    let current = true
    wallet.api.getEmail().then(
      (email) => {
        if (current) setStored(email)
      },
      () => {},
    )
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type !== 'embedded:emailUpdated') return
      const email = (message.data as { email?: unknown } | undefined)?.email
      if (typeof email === 'string') setStored(email)
    }
    wallet.connector.emitter.on('message', onMessage)
    return () => {
      current = false
      wallet.connector.emitter.off('message', onMessage)
    }
  }, [wallet, active, address])

  if (!wallet || !active) return undefined
  return wallet.api.user?.email ?? stored
}
