import { useEffect, useState, useSyncExternalStore } from 'react'
import { type DirectoryState, initialDirectoryState } from '../../../src/machines/walletDirectory'
import {
  createWalletDirectoryStore,
  type WalletDirectoryStore,
} from '../../../src/stores/createWalletDirectoryStore'
import { isSafeImageUrl } from '../../../src/utils/url'
import type { DirectorySetup } from './useDirectory'

/** What {@link useWalletDirectory} returns. */
export interface UseWalletDirectoryReturnType {
  state: DirectoryState
  /** Undefined until the store exists (after mount) or without a directory. */
  store: WalletDirectoryStore | undefined
}

const idleState = initialDirectoryState()
const noStore = () => () => {}
const idle = () => idleState

// Only images a row may show are fetched ahead: an http one would be refused anyway (and counted
// as a violation by a strict Content-Security-Policy).
function prefetchImage(url: string) {
  if (!isSafeImageUrl(url) || typeof Image === 'undefined') return
  const image = new Image()
  image.decoding = 'async'
  image.src = url
}

/**
 * The wallet directory's pages and search for one mounted list. The store is made in an effect
 * (so a StrictMode remount gets a fresh one) and disposed with the list: late answers change
 * nothing.
 */
export function useWalletDirectory(
  directory: DirectorySetup | undefined,
): UseWalletDirectoryReturnType {
  const [store, setStore] = useState<WalletDirectoryStore>()
  useEffect(() => {
    if (!directory) return
    const created = createWalletDirectoryStore({
      client: directory.client,
      include: directory.include,
      exclude: directory.exclude,
      chains: directory.chains,
      prefetchImage,
    })
    setStore(created)
    return () => {
      created.dispose()
      setStore(undefined)
    }
  }, [directory])
  const state = useSyncExternalStore(
    store?.subscribe ?? noStore,
    store?.getState ?? idle,
    store?.getInitialState ?? idle,
  )
  return { state, store }
}
