import * as z from 'zod/mini'
import {
  type Nft,
  nftSchema,
  type TokenBalance,
  type Transaction,
  tokenBalanceSchema,
  transactionSchema,
  type WalletAsset,
  walletAssetSchema,
} from '../schemas/accountData'
import { isSafeImageUrl } from '../utils/url'

/** An image URL an answer gave, kept only when https or a data: image (else null). */
export const safeImage = (url: string | null | undefined) => (isSafeImageUrl(url) ? url : null)

/** SPEC §5: a token whose decimals are '0' is low quality and never listed. */
export function isLowQualityToken(decimals: string | number): boolean {
  return String(decimals) === '0'
}

/**
 * Token balance entries of an answer, each checked on its own (SPEC §5): a malformed entry and a
 * low-quality token (decimals '0') are dropped, an icon that is not https or a data: image is
 * cleared.
 */
export function parseTokenBalances(entries: readonly unknown[]): TokenBalance[] {
  const kept: TokenBalance[] = []
  for (const entry of entries) {
    const parsed = tokenBalanceSchema.safeParse(entry)
    if (!parsed.success || isLowQualityToken(parsed.data.quantity.decimals)) continue
    kept.push({ ...parsed.data, iconUrl: safeImage(parsed.data.iconUrl) })
  }
  return kept
}

/** Transactions of a history answer; a malformed one is dropped, unsafe images are cleared. */
export function parseTransactions(entries: readonly unknown[]): Transaction[] {
  const kept: Transaction[] = []
  for (const entry of entries) {
    const parsed = transactionSchema.safeParse(entry)
    if (!parsed.success) continue
    const tx = parsed.data
    kept.push({
      ...tx,
      transfers: tx.transfers.map((transfer) => ({
        ...transfer,
        ...(transfer.fungible_info && {
          fungible_info: {
            ...transfer.fungible_info,
            icon: { url: safeImage(transfer.fungible_info.icon?.url) },
          },
        }),
        ...(transfer.nft_info && {
          nft_info: {
            ...transfer.nft_info,
            content: { preview: { url: safeImage(transfer.nft_info.content?.preview?.url) } },
          },
        }),
      })),
    })
  }
  return kept
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * NFTs of an answer: malformed and spam-flagged ones dropped, unsafe images cleared (kept: https,
 * data: images, and the data server's own origin, `serverUrl`, which may be http on loopback).
 */
export function parseNfts(entries: readonly unknown[], serverUrl?: string): Nft[] {
  const server = originOf(serverUrl)
  const image = (url: string | null | undefined) =>
    url && server && /^https?:/i.test(url) && originOf(url) === server ? url : safeImage(url)
  const kept: Nft[] = []
  for (const entry of entries) {
    const parsed = nftSchema.safeParse(entry)
    if (!parsed.success || parsed.data.flags?.is_spam) continue
    const { metadata } = parsed.data
    kept.push({
      ...parsed.data,
      metadata: metadata && { ...metadata, image: image(metadata.image) },
    })
  }
  return kept
}

const walletAssetsSchema = z.array(walletAssetSchema)

/**
 * A `wallet_getAssets` answer for one chain (SPEC §5): valid only when every asset has a string
 * address and balance, type ERC20 or NATIVE and metadata of the right types, else undefined (the
 * caller falls back to another source). Low-quality tokens (decimals 0) are dropped.
 */
export function parseWalletAssets(answer: unknown): WalletAsset[] | undefined {
  const parsed = walletAssetsSchema.safeParse(answer)
  if (!parsed.success) return undefined
  return parsed.data.filter((asset) => !isLowQualityToken(asset.metadata.decimals))
}
