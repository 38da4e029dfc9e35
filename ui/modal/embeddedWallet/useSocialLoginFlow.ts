import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import type {
  createSocialLoginFlow,
  SocialLoginFlow,
} from '../../../src/embeddedWallet/createSocialLoginFlow'
import type { EmbeddedWallet } from './useEmbeddedWallet'

/**
 * Creates the headless social login flow for an embedded wallet with `create` (undefined without
 * either: the modal hands the maker over once the social chunk is there).
 */
export function useSocialLoginFlow(
  wallet: EmbeddedWallet | undefined,
  create: typeof createSocialLoginFlow | undefined,
): SocialLoginFlow | undefined {
  const config = useConfig()
  return useMemo(() => {
    if (!wallet || !create) return undefined
    const { api, connector } = wallet
    // After the frame redeemed the result: the same path as after an email login.
    return create({
      api,
      options: api.social,
      connect: () => connect(config, { connector }),
    })
  }, [wallet, config, create])
}
