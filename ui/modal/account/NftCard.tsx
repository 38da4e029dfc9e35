import type { Nft } from '../../../src/schemas/accountData'
import { hashString } from '../../components/hashString'
import { nftImageUrl } from './nftImageUrl'

/** The name an NFT is shown by: its metadata's, else 'Collection #id'. */
export function nftName(nft: Nft): string {
  return nft.metadata?.name || `${nft.collection ?? 'NFT'} #${nft.tokenId}`
}

/** One NFT of the grid: its image (safe sources only, see `nftImageUrl`), name and collection. */
export function NftCard({ nft, serverUrl }: { nft: Nft; serverUrl: string | undefined }) {
  const name = nftName(nft)
  const image = nftImageUrl(nft.metadata?.image, serverUrl)
  const hue = hashString(`${nft.address}:${nft.tokenId}`) % 360
  return (
    <li data-lk-nft="" data-testid={`nft-${nft.tokenId}`}>
      <span data-lk-nft-media="">
        {image ? (
          <img
            src={image}
            alt={name}
            loading="lazy"
            decoding="async"
            draggable={false}
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            data-lk-nft-placeholder=""
            aria-hidden="true"
            style={{
              background: `linear-gradient(135deg, hsl(${hue} 55% 52%), hsl(${(hue + 60) % 360} 55% 36%))`,
            }}
          >
            #{nft.tokenId.length > 6 ? `${nft.tokenId.slice(0, 5)}…` : nft.tokenId}
          </span>
        )}
      </span>
      <span data-lk-nft-name="" title={name}>
        {name}
      </span>
      {nft.collection && <span data-lk-nft-collection="">{nft.collection}</span>}
    </li>
  )
}
