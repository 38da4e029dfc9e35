import type { ServerContext } from '../context'
import { toChainError } from '../rpc/forward'
import { chainSettings } from './chainSettings'
import { fetchNftMetadata } from './fetchNftMetadata'
import type { NftMetadata } from './parseNftMetadata'

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

/** One ERC-721 token's `tokenURI` (null when it reverted) and what it points to. */
export interface TokenMetadata {
  tokenUri: string | null
  /** Null when it could not be read (see `fetchNftMetadata`). */
  metadata: NftMetadata | null
}

/**
 * The tokenURIs of ERC-721 tokens on a chain, read in one multicall, and their metadata fetched
 * under the `chainData` metadata policy, a few at a time (an account with many NFTs sends no
 * flood of requests). Answers in the order of `tokens`.
 */
export async function readTokenMetadata(
  context: ServerContext,
  chainId: number,
  tokens: readonly { contract: `0x${string}`; tokenId: string }[],
): Promise<TokenMetadata[]> {
  if (tokens.length === 0) return []
  const { chain, settings } = chainSettings(context, chainId)
  const options = context.options.chainData
  let uris: ({ status: 'success'; result: string } | { status: 'failure' })[]
  try {
    uris = (await chain.client.multicall({
      contracts: tokens.map((token) => ({
        address: token.contract,
        abi: tokenUriAbi,
        functionName: 'tokenURI' as const,
        args: [BigInt(token.tokenId)] as const,
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
  const answers: TokenMetadata[] = []
  for (let start = 0; start < tokens.length; start += metadataConcurrency) {
    const chunk = uris.slice(start, start + metadataConcurrency)
    answers.push(
      ...(await Promise.all(
        chunk.map(async (uri): Promise<TokenMetadata> => {
          const tokenUri = uri?.status === 'success' ? uri.result : null
          return {
            tokenUri,
            metadata: tokenUri ? await fetchNftMetadata(tokenUri, policy) : null,
          }
        }),
      )),
    )
  }
  return answers
}
