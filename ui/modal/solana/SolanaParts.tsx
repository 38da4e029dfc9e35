import { Spinner } from '../../components/Spinner'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { t } from '../../locales/t'
import { useLazyChunk } from '../lazy/useLazyChunk'
import { solanaViewsChunk } from './loadSolanaViews'

// The modal chunk's doors into the Solana chunk: rendered only when the app has a
// `<SolanaProvider>`, so an app without Solana never fetches it.

/** The Solana wallet rows of the Connect list (nothing until the chunk is there). */
export function SolanaWalletSection() {
  const { solana } = useLatchkeyContext()
  return solana ? <LoadedWalletRows /> : null
}

function LoadedWalletRows() {
  const { value } = useLazyChunk(solanaViewsChunk)
  return value ? <value.SolanaWalletRows /> : null
}

/** Account for the Solana namespace (a spinner until the chunk is there). */
export function SolanaAccountSection() {
  const { value } = useLazyChunk(solanaViewsChunk)
  if (value) return <value.SolanaAccount />
  return (
    <div data-lk-view-loading="" aria-busy="true">
      <Spinner label={t('account.loading')} size={24} />
    </div>
  )
}
