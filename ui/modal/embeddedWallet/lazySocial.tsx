import { useConnection } from '../../useConnection'
import { lazyChunk } from '../lazy/lazyChunk'
import { importModalPart } from '../lazy/modalParts'
import { useLazyChunk } from '../lazy/useLazyChunk'
import type { SocialMethodProps } from './SocialMethod'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/** The parts of Account in the social chunk. */
type AccountPart = 'AccountSocial' | 'AccountSecurity' | 'AccountLogins' | 'AccountRecovery'

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

function LoadedAccountPart({ part }: { part: AccountPart }) {
  const { value } = useLazyChunk(socialViewsChunk)
  const Part = value?.[part]
  return Part ? <Part /> : null
}

/** A part of Account in the chunk (the provider line, the Security row), for an embedded wallet only. */
export function LazyAccountPart({ part }: { part: AccountPart }) {
  const wallet = useEmbeddedWallet()
  const { connector } = useConnection()
  const ours = wallet !== undefined && connector?.uid === wallet.connector.uid
  return ours ? <LoadedAccountPart part={part} /> : null
}
