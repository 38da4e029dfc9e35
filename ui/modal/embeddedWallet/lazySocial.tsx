import { useConnection } from '../../useConnection'
import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'
import { useLazyChunk } from '../lazy/useLazyChunk'
import type { SocialMethodProps } from './SocialMethod'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * The social login part of the modal (its Connect buttons with the providers' marks, the
 * ConnectingSocial view, the provider line on Account) in a chunk of its own: fetched when the
 * wallet server names providers, or when Account shows an embedded wallet's account, so the
 * modal's first open does not carry it (see `preloadModal.ts` for its `import()`).
 */
export const socialViewsChunk = lazyChunk(() =>
  importModalPart('social').then((module) => module.socialViews),
)

/** The Connect view's social buttons, once their chunk is there (the providers come async too). */
export function LazySocialMethod(props: SocialMethodProps) {
  const { value } = useLazyChunk(socialViewsChunk)
  return value ? <value.SocialMethod {...props} /> : null
}

function LoadedAccountSocial() {
  const { value } = useLazyChunk(socialViewsChunk)
  return value ? <value.AccountSocial /> : null
}

/** The provider and username on Account, for an embedded wallet's account only. */
export function LazyAccountSocial() {
  const wallet = useEmbeddedWallet()
  const { connector } = useConnection()
  const ours = wallet !== undefined && connector?.uid === wallet.connector.uid
  return ours ? <LoadedAccountSocial /> : null
}
