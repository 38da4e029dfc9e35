import type { RecentWallet } from '../schemas/storage'
import { isSafeImageUrl } from '../utils/url'
import type { LatchkeyStorage } from './createStorage'
import { maxRecentWallets } from './maxRecentWallets'

/** Puts a wallet first in the stored Recent list: newest first, deduplicated by id, at most 2. */
export function addRecentWallet(storage: LatchkeyStorage, wallet: RecentWallet): RecentWallet[] {
  const { icon, ...rest } = wallet
  // An icon we could not show later would get the whole list dropped as corrupted.
  const entry: RecentWallet = isSafeImageUrl(icon) ? { ...rest, icon } : rest
  const previous = storage.get('recentWallets') ?? []
  const recentWallets = [entry, ...previous.filter((item) => item.id !== wallet.id)].slice(
    0,
    maxRecentWallets,
  )
  storage.set('recentWallets', recentWallets)
  return recentWallets
}
