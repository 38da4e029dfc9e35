import { z } from 'zod'
import { isSafeImageUrl } from './parseNftMetadata'

/** A price in US dollars: finite and above 0 (an unknown price is left out, never 0). */
const price = z.number().positive().finite()

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.')
  .transform((value) => value.toLowerCase() as `0x${string}`)

/** A token of a chain's list: its balance is read, its Transfer logs are indexed. */
const tokenSchema = z
  .object({
    address,
    name: z.string().min(1).max(100),
    symbol: z.string().min(1).max(20),
    /** Decimal places. */
    decimals: z.number().int().min(0).max(36),
    /** An https or `data:image/…` URL shown beside it. */
    iconUrl: z
      .string()
      .max(8_192)
      .refine((value) => isSafeImageUrl(value, []), 'Expected an https or data:image URL.')
      .optional(),
    /** Its price in US dollars, when the operator fixes one (a price API's answer wins). */
    price: price.optional(),
  })
  .strict()

/** An ERC-721 collection whose Transfer logs are indexed (NFTs owned, activity). */
const collectionSchema = z.object({ address, name: z.string().min(1).max(100).optional() }).strict()

/** What the data API knows about one chain beside its RPC URL (`chains`). */
const chainSchema = z
  .object({
    /** @default { name: 'Ether', symbol: 'ETH', decimals: 18 } */
    nativeCurrency: z
      .object({
        name: z.string().min(1).max(100),
        symbol: z.string().min(1).max(20),
        decimals: z.number().int().min(0).max(36),
        /** Its price in US dollars, when the operator fixes one (a price API's answer wins). */
        price: price.optional(),
      })
      .strict()
      .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
    /** ERC-20 tokens (balances, activity). @default [] */
    tokens: z.array(tokenSchema).max(500).default([]),
    /** ERC-721 collections (NFTs, activity). @default [] */
    nfts: z.array(collectionSchema).max(500).default([]),
    /** First block the indexer reads; none: the chain's head when it first runs. */
    startBlock: z.number().int().min(0).optional(),
    /** Multicall3 on this chain; none: viem's deployless multicall (one eth_call either way). */
    multicallAddress: address.optional(),
    /** ENS-style universal resolver for name lookups; none: names are not supported here. */
    ensUniversalResolver: address.optional(),
    /** Index top-level native transfers (reads every block with its transactions). @default true */
    nativeTransfers: z.boolean().default(true),
  })
  .strict()

/** The `chainData` option: the blockchain data API (balances, history, NFTs, names). */
export const chainDataOptionsSchema = z
  .object({
    /** Per decimal chain id (each must also have an RPC URL in `chains`). @default {} */
    chains: z
      .record(z.string().regex(/^\d+$/, 'Expected a decimal chain id.'), chainSchema)
      .default({}),
    /** Blocks behind the head the indexer stays (reorg safety). @default 2 */
    confirmations: z.number().int().min(0).max(1_000).default(2),
    /** Blocks one request may index before answering (the rest on the next one). @default 2_000 */
    maxBlocksPerSync: z.number().int().positive().max(100_000).default(2_000),
    /**
     * Pause in ms between background indexing runs of each chain in `chains` (a runner catching
     * up goes on at once); 0 turns the background indexer off (history requests index instead).
     * @default 4_000
     */
    indexIntervalMs: z.number().int().min(0).default(4_000),
    /** Time one request may spend indexing before it answers from what is stored. @default 3_000 */
    syncBudgetMs: z.number().int().positive().default(3_000),
    /** Blocks per eth_getLogs range. @default 500 */
    logRange: z.number().int().positive().max(100_000).default(500),
    /** Transactions per history page (a caller may ask for fewer, up to 100). @default 20 */
    pageSize: z.number().int().positive().max(100).default(20),
    /**
     * Origins NFT metadata (tokenURI) may be fetched from, e.g. `['https://meta.example']`;
     * `data:` JSON needs none; nothing else is fetched. @default []
     */
    metadataOrigins: z.array(z.url()).default([]),
    /**
     * A price API the operator runs: `GET <url>?ids=<CAIP-2 or CAIP-10>,…` answering
     * `{ "<id>": <US dollars>, … }` (server/API.md "Prices"). Ids it leaves out keep their
     * configured `price`, else have none. @default none (only configured prices)
     */
    priceUrl: z.url().optional(),
    /** How long a price from `priceUrl` is kept. @default 60_000 */
    priceTtlMs: z.number().int().positive().default(60_000),
    /** Deadline of one `priceUrl` call; past it the answer has no API prices. @default 3_000 */
    priceTimeoutMs: z.number().int().positive().default(3_000),
    /** Deadline of one metadata fetch. @default 5_000 */
    metadataTimeoutMs: z.number().int().positive().default(5_000),
    /** Largest metadata document read. @default 262_144 (256 KiB) */
    metadataMaxBytes: z
      .number()
      .int()
      .positive()
      .default(256 * 1024),
  })
  .strict()

/** One chain's resolved data settings. */
export type ChainDataChain = z.output<typeof chainSchema>
