import { isSafeImageUrl } from '../../../src/utils/url'

/**
 * The image of an NFT as the panel may draw it: a `data:image/…` URI, or a URL on the data
 * server's own origin. NFT metadata is chosen by whoever minted the token (anyone can send one):
 * an image on any other host would tell that host who looks at this wallet, and when.
 */
export function nftImageUrl(
  image: string | null | undefined,
  serverUrl: string | undefined,
): string | undefined {
  if (!image) return undefined
  if (/^data:/i.test(image)) return isSafeImageUrl(image) ? image : undefined
  if (!serverUrl) return undefined
  try {
    const url = new URL(image)
    const server = new URL(serverUrl)
    if (url.username || url.password) return undefined
    return /^https?:$/.test(url.protocol) && url.origin === server.origin ? url.href : undefined
  } catch {
    return undefined
  }
}
