import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import {
  createSocialLoginFlow,
  type SocialLoginFlow,
} from '../../../src/embeddedWallet/createSocialLoginFlow'
import type { EmbeddedWallet } from './useEmbeddedWallet'

/** Creates the headless social login flow for an embedded wallet (undefined without one). */
export function useSocialLoginFlow(
  wallet: EmbeddedWallet | undefined,
): SocialLoginFlow | undefined {
  const config = useConfig()
  return useMemo(() => {
    if (!wallet) return undefined
    const { api, connector } = wallet
    // After the frame redeemed the result: the same path as after an email login.
    return createSocialLoginFlow({
      api,
      options: api.social,
      connect: () => connect(config, { connector }),
    })
  }, [wallet, config])
}
