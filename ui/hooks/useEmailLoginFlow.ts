import { useEffect, useState } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { createEmailLoginFlow, type EmailLoginFlow } from '../../src/embedded/createEmailLoginFlow'
import { initialEmailLoginState } from '../../src/machines/emailLogin'
import type { EmbeddedWallet } from './useEmbeddedWallet'

/**
 * Creates the headless email login flow for an embedded wallet once its stored last login time is
 * read (the 30 s cooldown survives a reload); undefined until then, or without a wallet.
 */
export function useEmailLoginFlow(wallet: EmbeddedWallet | undefined): EmailLoginFlow | undefined {
  const config = useConfig()
  const [created, setCreated] = useState<{ wallet: EmbeddedWallet; flow: EmailLoginFlow }>()

  useEffect(() => {
    if (!wallet) return
    let current = true
    const { api, connector } = wallet
    const start = (lastEmailLoginAt: number | undefined) => {
      if (!current) return
      const flow = createEmailLoginFlow({
        api,
        connect: () =>
          connect(config, { connector }).then(() => ({ email: api.user?.email ?? undefined })),
        initialState: initialEmailLoginState({ lastEmailLoginAt }),
      })
      setCreated({ wallet, flow })
    }
    api.getLastEmailLoginAt().then(start, () => start(undefined))
    return () => {
      current = false
    }
  }, [wallet, config])

  return created && created.wallet === wallet ? created.flow : undefined
}
