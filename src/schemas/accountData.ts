import * as z from 'zod/mini'

// Answers of the chain data API (server/API.md "Chain data") and of wallet_getAssets, checked at
// the trust boundary (SPEC §5): an entry that is not the right shape is dropped, never shown.

const text = z.string()
const nullableText = z.nullish(z.string())
const decimalString = z.string().check(z.regex(/^\d{1,3}$/))
const numericString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))

/** One token balance entry (SPEC §3 "Token balance entry"). */
export const tokenBalanceSchema = z.object({
  name: text,
  symbol: text,
  /** CAIP-2. */
  chainId: text,
  /** CAIP-10 of the token; absent for the native token. */
  address: z.optional(text),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  quantity: z.object({ decimals: decimalString, numeric: numericString }),
  iconUrl: nullableText,
})

/** A token balance entry (SPEC §3). */
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** `GET /v1/account/:address/balance`: entries are checked one by one (see `parseBalances`). */
export const balancesAnswerSchema = z.object({
  balances: z.array(z.unknown()),
  unavailable: z._default(z.array(text), () => []),
})

/** One transfer of a transaction (SPEC §3). */
export const transferSchema = z.object({
  direction: z.optional(z.enum(['in', 'out', 'self'])),
  sender: z.optional(text),
  recipient: z.optional(text),
  address: z.optional(text),
  quantity: z.object({ numeric: numericString }),
  fungible_info: z.optional(
    z.object({
      name: z.optional(text),
      symbol: text,
      icon: z.optional(z.object({ url: nullableText })),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: text,
      collection: z.optional(nullableText),
      token_id: z.optional(text),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: nullableText })) })),
      flags: z.optional(z.object({ is_spam: z.boolean() })),
    }),
  ),
})

/** One transaction (SPEC §3 "Transaction"). */
export const transactionSchema = z.object({
  id: text,
  metadata: z.object({
    operationType: text,
    hash: z.optional(text),
    status: text,
    sentFrom: text,
    sentTo: text,
    /** ISO 8601. */
    minedAt: text,
    /** CAIP-2. */
    chain: text,
  }),
  transfers: z.array(transferSchema),
})

/** A transaction of an account's activity (SPEC §3). */
export type Transaction = z.infer<typeof transactionSchema>

/** `GET /v1/account/:address/history`: transactions are checked one by one. */
export const historyAnswerSchema = z.object({
  data: z.array(z.unknown()),
  next: z.nullish(z.string()),
  indexedBlock: z.optional(z.number()),
})

/** One NFT an account holds (`GET /v1/account/:address/nfts`). */
export const nftSchema = z.object({
  chainId: text,
  address: text,
  collection: nullableText,
  tokenId: text,
  tokenUri: nullableText,
  metadata: z.nullable(
    z.object({
      name: nullableText,
      description: nullableText,
      image: nullableText,
    }),
  ),
  flags: z.optional(z.object({ is_spam: z.boolean() })),
})

/** An NFT an account holds. */
export type Nft = z.infer<typeof nftSchema>

/** `GET /v1/account/:address/nfts`. */
export const nftsAnswerSchema = z.object({ data: z.array(z.unknown()) })

const unsupported = z.object({ supported: z.literal(false), reason: text })

/** `GET /v1/identity/:address`. */
export const identityAnswerSchema = z.union([
  z.object({
    supported: z.literal(true),
    address: text,
    name: nullableText,
    avatar: nullableText,
  }),
  unsupported,
])

/** `GET /v1/names/:name`. */
export const nameAnswerSchema = z.union([
  z.object({
    supported: z.literal(true),
    name: text,
    address: nullableText,
    // may be missing: a server from before avatars in forward lookups answers without it
    avatar: nullableText,
  }),
  unsupported,
])

/** An asset of `wallet_getAssets` (SPEC §3 "Asset from a wallet asset query", §5). */
export const walletAssetSchema = z.object({
  address: text,
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: text,
    symbol: text,
    decimals: z.number(),
    price: z.optional(z.number()),
    iconUrl: z.optional(nullableText),
  }),
})

/** An asset of `wallet_getAssets`. */
export type WalletAsset = z.infer<typeof walletAssetSchema>

/** Error body of the Latchkey server. */
export const serverErrorBodySchema = z.object({
  error: z.object({ name: text, message: z.optional(text) }),
})
