import { createPublicClient, custom, type PublicClient } from 'viem'
import { normalize } from 'viem/ens'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import type { ChainClient } from '../rpc/createChainClients'
import { toChainError } from '../rpc/forward'
import { chainSettings } from './chainSettings'
import { isSafeImageUrl } from './parseNftMetadata'

/** A chain without a name service says so instead of answering "no name". */
export interface NameServiceUnsupported {
  supported: false
  reason: string
}

/** A reverse lookup: the address's primary name and avatar, or nulls. */
export type IdentityAnswer =
  | { supported: true; address: `0x${string}`; name: string | null; avatar: string | null }
  | NameServiceUnsupported

/** A forward lookup: the name's address and avatar, or nulls. */
export type ResolveAnswer =
  | { supported: true; name: string; address: `0x${string}` | null; avatar: string | null }
  | NameServiceUnsupported

// Off-chain (CCIP-read) resolvers would make the server fetch from any gateway a resolver names:
// lookups use a client with CCIP-read off, over the chain's own transport (deadline, budget).
function nameClient(chain: ChainClient): PublicClient {
  return createPublicClient({
    chain: chain.chain,
    ccipRead: false,
    transport: custom(
      { request: ({ method, params }) => chain.transport.request(method, params) },
      { retryCount: 0 },
    ),
  }) as PublicClient
}

/** A resolver that reverts (no name, no resolver) answers null; a node failure is typed. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    const typed = toChainError(error)
    // The node refused the call (a revert: no resolver, no record); timeouts and limits go on.
    if (typed instanceof ChainRequestFailedError && typed.code !== -32603) return null
    throw typed
  }
}

function resolverOf(context: ServerContext, chainId: number) {
  const { chain, settings } = chainSettings(context, chainId)
  return settings.ensUniversalResolver
    ? { client: nameClient(chain), universalResolverAddress: settings.ensUniversalResolver }
    : undefined
}

const unsupported = (chainId: number): NameServiceUnsupported => ({
  supported: false,
  reason: `No name service is configured for chain ${chainId}.`,
})

/** The primary name (ENS-style reverse record) of an address and its avatar text record. */
export async function lookupIdentity(
  context: ServerContext,
  chainId: number,
  address: `0x${string}`,
): Promise<IdentityAnswer> {
  const resolver = resolverOf(context, chainId)
  if (!resolver) return unsupported(chainId)
  const { client, universalResolverAddress } = resolver
  const name = await orNull(() => client.getEnsName({ address, universalResolverAddress }))
  return {
    supported: true,
    address,
    name,
    avatar: name ? await readAvatar(client, name, universalResolverAddress) : null,
  }
}

/**
 * A name's `avatar` text record when it is an https or `data:image` URL, else null. The avatar is
 * decoration: a record that cannot be read is no avatar, not a failed lookup.
 */
async function readAvatar(
  client: PublicClient,
  name: string,
  universalResolverAddress: `0x${string}`,
): Promise<string | null> {
  const avatar = await client
    .getEnsText({ name, key: 'avatar', universalResolverAddress })
    .catch(() => null)
  return avatar && isSafeImageUrl(avatar, []) ? avatar : null
}

/** The address a name resolves to and its avatar (ENS-style, through the universal resolver). */
export async function resolveName(
  context: ServerContext,
  chainId: number,
  name: string,
): Promise<ResolveAnswer> {
  const resolver = resolverOf(context, chainId)
  if (!resolver) return unsupported(chainId)
  let normalized: string
  try {
    normalized = normalize(name)
  } catch {
    throw new InvalidRequestError({ reason: 'name: Not a valid name.' })
  }
  const { client, universalResolverAddress } = resolver
  const address = await orNull(() =>
    client.getEnsAddress({ name: normalized, universalResolverAddress }),
  )
  return {
    supported: true,
    name: normalized,
    address: address ? (address.toLowerCase() as `0x${string}`) : null,
    // the receiver's picture beside the name in Send (SPEC §4), only for a name that resolves
    avatar: address ? await readAvatar(client, normalized, universalResolverAddress) : null,
  }
}
