import { readLimitedBody } from '../rpc/readLimitedBody'
import { type NftMetadata, parseNftMetadata, readDataJson } from './parseNftMetadata'

/** Where and how metadata may be read (the `chainData` option's metadata settings). */
export interface MetadataPolicy {
  /** Origins (`https://meta.example`) whose URLs are fetched; no other host is contacted. */
  origins: readonly string[]
  timeoutMs: number
  maxBytes: number
}

/** The origin of a URL in the form `URL.origin` gives, or undefined. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin
  } catch {
    return undefined
  }
}

/**
 * The metadata a tokenURI points to: `data:application/json` read in place; an http(s) URL only
 * when its origin is allowed (no redirects, a deadline, a size cap); anything else (ipfs:, other
 * hosts, private addresses not configured) is never fetched. Null when it cannot be read.
 */
export async function fetchNftMetadata(
  uri: string,
  policy: MetadataPolicy,
): Promise<NftMetadata | null> {
  const origins = policy.origins.map((origin) => originOf(origin) ?? origin)
  if (uri.startsWith('data:')) {
    const json = readDataJson(uri, policy.maxBytes)
    return json ? (parseNftMetadata(json, origins) ?? null) : null
  }
  const origin = originOf(uri)
  if (!origin || !/^https?:/.test(uri) || !origins.includes(origin)) return null
  try {
    const response = await fetch(uri, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(policy.timeoutMs),
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      return null
    }
    return parseNftMetadata(await readLimitedBody(response, policy.maxBytes), origins) ?? null
  } catch {
    return null
  }
}
