import type { ReactNode } from 'react'
import { qrPath } from '../../../src/qr/qrPath'
import { t } from '../../locales/t'
import { AlertIcon } from '../icons'
import { useQrMatrix } from './useQrMatrix'

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  /** The text to encode; a placeholder shows while it is undefined or the encoder loads. */
  value: string | undefined
  /** Shown over the middle of the code (a wallet image); level M error correction covers it. */
  logo?: ReactNode
  /** No URI is coming (the attempt failed): a still error mark instead of the spinner. */
  failed?: boolean | undefined
  /** The code's accessible name. @default 'WalletConnect QR code' */
  label?: string | undefined
}

const margin = 2

/** A QR code drawn by us as SVG: dark modules on white in both themes, so every camera reads it. */
export function QrCode({ value, logo, failed = false, label }: QrCodeProps) {
  const { matrix, failed: encoderFailed } = useQrMatrix(value)
  if (!matrix && (failed || encoderFailed))
    return (
      <div
        data-lk-qr=""
        data-state="error"
        role="img"
        aria-label={t(failed ? 'wc.qrFailed' : 'qr.loadFailed')}
      >
        <AlertIcon size={28} />
      </div>
    )
  if (!matrix)
    return (
      <div data-lk-qr="" data-state="loading" role="img" aria-label={t('wc.qrLoading')}>
        <span data-lk-qr-spinner="" aria-hidden="true" />
      </div>
    )
  const box = matrix.size + margin * 2
  return (
    <div data-lk-qr="" data-state="ready">
      <svg
        viewBox={`0 0 ${box} ${box}`}
        role="img"
        aria-label={label ?? t('wc.qrLabel')}
        shapeRendering="crispEdges"
      >
        <rect width={box} height={box} fill="#ffffff" />
        <path d={qrPath(matrix, margin)} fill="#000000" />
      </svg>
      {logo && (
        <span data-lk-qr-logo="" aria-hidden="true">
          {logo}
        </span>
      )}
    </div>
  )
}
