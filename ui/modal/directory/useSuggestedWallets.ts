import { useEffect, useMemo, useState } from 'react'
import {
  getSuggestedWallets,
  type SuggestedWallets,
} from '../../../src/directory/getSuggestedWallets'
import { toWalletItem } from '../../../src/directory/toWalletItem'
import type { WalletItem } from '../../../src/wallets/types'
import type { DirectorySetup } from './useDirectory'

/** What {@link useSuggestedWallets} returns. */
export interface UseSuggestedWalletsReturnType {
  featured: WalletItem[]
  recommended: WalletItem[]
  /** The directory's total for the host's filters; undefined until read (or when it failed). */
  count: number | undefined
}

const none: UseSuggestedWalletsReturnType = { featured: [], recommended: [], count: undefined }

/**
 * The directory's featured (4) and recommended (page 1, 4) wallets for the Connect view, read
 * once per mount. A failure leaves them out: the Connect view keeps the wallets it has, and All
 * Wallets is where the directory's error and its retry show.
 */
export function useSuggestedWallets(
  directory: DirectorySetup | undefined,
): UseSuggestedWalletsReturnType {
  const [answer, setAnswer] = useState<SuggestedWallets>()
  useEffect(() => {
    if (!directory) return
    const request = new AbortController()
    getSuggestedWallets({ ...directory, signal: request.signal }).then(
      (suggested) => {
        if (!request.signal.aborted) setAnswer(suggested)
      },
      () => {
        if (!request.signal.aborted) setAnswer(undefined)
      },
    )
    return () => request.abort()
  }, [directory])
  return useMemo(() => {
    if (!answer || !directory) return none
    const items = (wallets: SuggestedWallets['featured'], group: 'featured' | 'custom') =>
      wallets.flatMap((wallet) =>
        // an id or rdns the host excluded (an rdns is not in the query)
        directory.hidden.has(wallet.id) || (wallet.rdns && directory.hidden.has(wallet.rdns))
          ? []
          : [toWalletItem(wallet, directory.client.getWalletImageUrl(wallet), group)],
      )
    return {
      featured: items(answer.featured, 'featured'),
      recommended: items(answer.recommended, 'custom'),
      count: answer.count,
    }
  }, [answer, directory])
}
