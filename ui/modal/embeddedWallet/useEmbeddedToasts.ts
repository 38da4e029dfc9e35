import { useEffect } from 'react'
import {
  type ConnectorMessage,
  isEmbeddedWalletMessage,
} from '../../../connectors/embeddedWallet/readEmbeddedWalletMessage'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'
import { toFrameTheme } from './toFrameTheme'
import type { EmbeddedWallet } from './useEmbeddedWallet'

/**
 * The embedded wallet's SPEC §8 toasts and alerts while the modal is open: a frame that does not
 * load, a request that times out, a refused smart account. Also themes the frame once it exists.
 */
export function useEmbeddedToasts(wallet: EmbeddedWallet | undefined) {
  const { toast, options } = useModalParts()

  useEffect(() => {
    if (!wallet) return
    const syncTheme = () => wallet.api.syncTheme(toFrameTheme(options)).catch(() => {})
    if (wallet.api.getFrameElement()) syncTheme()
    const onMessage = (message: ConnectorMessage) => {
      if (!isEmbeddedWalletMessage(message)) return
      switch (message.type) {
        case 'embedded:timeout':
          return toast.show(
            'error',
            message.data.reason === 'iframe_load_failed'
              ? t('alert.frameLoad')
              : t('alert.timeout'),
          )
        case 'embedded:preferredAccountFallback':
          return toast.show('error', t('embedded.smartAccounts'))
        case 'embedded:otpSent':
        case 'embedded:verifyDevice':
          syncTheme()
          return
        default:
          return
      }
    }
    wallet.connector.emitter.on('message', onMessage)
    return () => wallet.connector.emitter.off('message', onMessage)
  }, [wallet, toast, options])
}
