import { useEffect, useState } from 'react'
import {
  filterSocialProviders,
  readSocialPlatform,
} from '../../../src/embeddedWallet/filterSocialProviders'
import type { FrameLoginProvider } from '../../../src/schemas/frameValues'
import { useModalParts } from '../../context/useModalParts'
import type { EmbeddedWallet } from './useEmbeddedWallet'

const none: FrameLoginProvider[] = []

/**
 * The social buttons of the Connect view: `features.socials` in its order, those the wallet
 * server has configured (asked through the frame once per page), Telegram's filter applied.
 * Empty until the server answered, and when it cannot be asked.
 */
export function useSocialProviders(wallet: EmbeddedWallet | undefined): FrameLoginProvider[] {
  const { options } = useModalParts()
  const wanted = options.features.socials
  const [configured, setConfigured] = useState<readonly string[] | undefined>()
  useEffect(() => {
    if (!wallet || !wanted || wanted.length === 0) return
    let live = true
    wallet.api.getSocialProviders().then(
      (providers) => live && setConfigured(providers),
      () => live && setConfigured([]),
    )
    return () => {
      live = false
    }
  }, [wallet, wanted])
  if (!wallet || !wanted || !configured) return none
  return filterSocialProviders(wanted, configured, readSocialPlatform())
}
