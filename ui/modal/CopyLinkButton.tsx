import { useModalParts } from '../context/useModalParts'
import { t } from '../locales/t'
import { CopyIcon } from './icons'

/** Props of {@link CopyLinkButton}. */
export interface CopyLinkButtonProps {
  /** The pairing URI; the button is disabled until there is one. */
  uri: string | undefined
}

/** Copies the WalletConnect pairing URI (for wallets on the same device) and says so in a toast. */
export function CopyLinkButton({ uri }: CopyLinkButtonProps) {
  const { toast } = useModalParts()
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (!uri) return
    if (!clipboard) return toast.show('error', t('wc.copyFailed'))
    clipboard.writeText(uri).then(
      () => toast.show('success', t('wc.copied')),
      () => toast.show('error', t('wc.copyFailed')),
    )
  }
  return (
    <button type="button" data-lk-wc-copy="" data-testid="wc-copy" disabled={!uri} onClick={copy}>
      <CopyIcon size={14} />
      {t('wc.copy')}
    </button>
  )
}
