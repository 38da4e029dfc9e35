import type { ServerContext } from '../context'
import { chainSettings } from './chainSettings'
import type { NftMetadata } from './parseNftMetadata'
import { readTokenMetadata } from './readTokenMetadata'
import { syncChainIndex } from './syncChainIndex'

/** An NFT the account holds. */
export interface OwnedNft {
  /** CAIP-2. */
  chainId: string
  /** CAIP-10 of the collection. */
  address: string
  collection: string | null
  tokenId: string
  /** What `tokenURI` answered; null when it reverted. */
  tokenUri: string | null
  /** The metadata it points to, when it could be read (see `fetchNftMetadata`); else null. */
  metadata: NftMetadata | null
}

/**
 * ERC-721 tokens the account holds on a chain: the index (brought up to date first; little to do
 * when the background indexer keeps up) gives the
 * tokens whose latest transfer went to it; their tokenURIs and metadata come from
 * `readTokenMetadata`.
 */
export async function readNfts(
  context: ServerContext,
  chainId: number,
  address: `0x${string}`,
): Promise<{ data: OwnedNft[] }> {
  const { settings } = chainSettings(context, chainId)
  await syncChainIndex(context, chainId)
  const owned = await context.storage.chainIndex.nftsOwned(chainId, address)
  const metadata = await readTokenMetadata(context, chainId, owned)
  return {
    data: owned.map((nft, index) => ({
      chainId: `eip155:${chainId}`,
      address: `eip155:${chainId}:${nft.contract}`,
      collection: settings.nfts.find((entry) => entry.address === nft.contract)?.name ?? null,
      tokenId: nft.tokenId,
      tokenUri: metadata[index]?.tokenUri ?? null,
      metadata: metadata[index]?.metadata ?? null,
    })),
  }
}
