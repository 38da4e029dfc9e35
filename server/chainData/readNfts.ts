import type { ServerContext } from '../context'
import { toChainError } from '../rpc/forward'
import { chainSettings } from './chainSettings'
import { fetchNftMetadata } from './fetchNftMetadata'
import type { NftMetadata } from './parseNftMetadata'
import { syncChainIndex } from './syncChainIndex'

const tokenUriAbi = [
  {
    type: 'function',
    name: 'tokenURI',
    stateMutability: 'view',
    inputs: [{ name: 'tokenId', type: 'uint256' }],
    outputs: [{ name: '', type: 'string' }],
  },
] as const

const metadataConcurrency = 8

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
 * ERC-721 tokens the account holds on a chain: the index (brought up to date first) gives the
 * tokens whose latest transfer went to it; their tokenURIs are read in one multicall and their
 * metadata fetched under the metadata policy.
 */
export async function readNfts(
  context: ServerContext,
  chainId: number,
  address: `0x${string}`,
): Promise<{ data: OwnedNft[] }> {
  const { chain, settings } = chainSettings(context, chainId)
  const options = context.options.chainData
  await syncChainIndex(context, chainId)
  const owned = await context.storage.chainIndex.nftsOwned(chainId, address)
  if (owned.length === 0) return { data: [] }
  let uris: ({ status: 'success'; result: string } | { status: 'failure' })[]
  try {
    uris = (await chain.client.multicall({
      contracts: owned.map((nft) => ({
        address: nft.contract,
        abi: tokenUriAbi,
        functionName: 'tokenURI' as const,
        args: [BigInt(nft.tokenId)] as const,
      })),
      allowFailure: true,
      ...(settings.multicallAddress
        ? { multicallAddress: settings.multicallAddress }
        : { deployless: true }),
    })) as typeof uris
  } catch (error) {
    throw toChainError(error)
  }
  const policy = {
    origins: options.metadataOrigins,
    timeoutMs: options.metadataTimeoutMs,
    maxBytes: options.metadataMaxBytes,
  }
  const data: OwnedNft[] = []
  // A few metadata fetches at a time: an account with many NFTs is no flood of requests.
  for (let start = 0; start < owned.length; start += metadataConcurrency) {
    const chunk = owned.slice(start, start + metadataConcurrency)
    data.push(
      ...(await Promise.all(
        chunk.map(async (nft, offset): Promise<OwnedNft> => {
          const uri = uris[start + offset]
          const tokenUri = uri?.status === 'success' ? uri.result : null
          return {
            chainId: `eip155:${chainId}`,
            address: `eip155:${chainId}:${nft.contract}`,
            collection: settings.nfts.find((entry) => entry.address === nft.contract)?.name ?? null,
            tokenId: nft.tokenId,
            tokenUri,
            metadata: tokenUri ? await fetchNftMetadata(tokenUri, policy) : null,
          }
        }),
      )),
    )
  }
  return { data }
}
