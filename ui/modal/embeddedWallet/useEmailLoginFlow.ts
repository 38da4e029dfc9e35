import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import {
  createEmailLoginFlow,
  type EmailLoginFlow,
} from '../../../src/embeddedWallet/createEmailLoginFlow'
import type { EmbeddedWallet } from './useEmbeddedWallet'

/**
 * Creates the headless email login flow for an embedded wallet (undefined without one), at once:
 * the first submit never waits for storage. The 30 s cooldown holds within the flow, and across a
 * reload through the connector, whose `connectEmail` refuses with the same message.
 */
export function useEmailLoginFlow(wallet: EmbeddedWallet | undefined): EmailLoginFlow | undefined {
  const config = useConfig()
  return useMemo(() => {
    if (!wallet) return undefined
    const { api, connector } = wallet
    return createEmailLoginFlow({
      api,
      connect: () =>
        connect(config, { connector }).then(() => ({ email: api.user?.email ?? undefined })),
    })
  }, [wallet, config])
}
