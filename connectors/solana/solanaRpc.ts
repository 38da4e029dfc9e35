// Eight JSON-RPC calls (getBalance, getTokenAccountsByOwner, getAccountInfo,
// getMinimumBalanceForRentExemption, getLatestBlockhash, getGenesisHash, sendTransaction,
// getSignatureStatuses) over fetch, rather than
// @solana/kit's RPC client: kit would be one more optional peer (~23 KB gzip for its RPC and
// transaction parts) for what is a POST and a checked answer. Answers are a trust boundary:
// each is parsed with its zod schema.
import * as z from 'zod/mini'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { Commitment } from '../../src/solana/commitment'
import type { SolanaAccountInfo } from './solanaAdapterTypes'

const rpcError = z.object({
  code: z.number(),
  message: z.string(),
  data: z.optional(z.unknown()),
})

const envelope = z.object({
  jsonrpc: z.literal('2.0'),
  result: z.optional(z.unknown()),
  error: z.optional(rpcError),
})

const lamports = z.number().check(z.int(), z.nonnegative())
const balanceResult = z.object({ context: z.object({ slot: z.number() }), value: lamports })
const blockhashResult = z.object({
  context: z.object({ slot: z.number() }),
  value: z.object({
    blockhash: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
    lastValidBlockHeight: z.number().check(z.int(), z.nonnegative()),
  }),
})
const base58Key = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
const tokenAccountsResult = z.object({
  context: z.object({ slot: z.number() }),
  value: z.array(
    z.object({
      pubkey: base58Key,
      account: z.object({
        owner: base58Key,
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: base58Key,
              owner: base58Key,
              tokenAmount: z.object({
                amount: z.string().check(z.regex(/^\d{1,20}$/)),
                decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
              }),
            }),
          }),
        }),
      }),
    }),
  ),
})
const base64 = z
  .string()
  .check(z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/))
const accountInfoResult = z.object({
  context: z.object({ slot: z.number() }),
  value: z.nullable(
    z.object({
      lamports,
      owner: base58Key,
      executable: z.boolean(),
      // base64 as asked: [data, encoding]
      data: z.tuple([base64, z.literal('base64')]),
    }),
  ),
})
const signatureStatusResult = z.object({
  context: z.object({ slot: z.number() }),
  value: z.tuple([
    z.nullable(
      z.object({
        slot: z.number().check(z.int(), z.nonnegative()),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
        err: z.nullable(z.unknown()),
      }),
    ),
  ]),
})
const signatureResult = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/))

/** How long one RPC call may take before it fails. */
const timeoutMs = 30_000

async function call<T>(
  rpcUrl: string,
  method: string,
  params: unknown[],
  schema: z.ZodMiniType<T>,
): Promise<T> {
  let response: Response
  let body: unknown
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new ChainRequestFailedError({ message: `Solana RPC ${method} failed`, cause })
  }
  if (!response.ok && response.status !== 500)
    throw new ChainRequestFailedError({
      message: `Solana RPC ${method} failed: HTTP ${response.status}`,
    })
  try {
    body = await response.json()
  } catch (cause) {
    throw new ChainRequestFailedError({ message: `Solana RPC ${method} failed`, cause })
  }
  const parsed = envelope.safeParse(body)
  if (!parsed.success)
    throw new ChainRequestFailedError({ message: `Solana RPC ${method} answered no JSON-RPC` })
  if (parsed.data.error) throw new ChainRequestFailedError(parsed.data.error)
  const result = schema.safeParse(parsed.data.result)
  if (!result.success)
    throw new ChainRequestFailedError({
      message: `Solana RPC ${method} answered an invalid result`,
    })
  return result.data
}

/** The balance of `address` in lamports. */
export async function fetchBalance(
  rpcUrl: string,
  address: string,
  commitment: Commitment,
): Promise<bigint> {
  const { value } = await call(rpcUrl, 'getBalance', [address, { commitment }], balanceResult)
  return BigInt(value)
}

/** The SPL Token program and Token-2022: token accounts of either hold an account's SPL tokens. */
export const tokenProgramIds = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

/** One token account of an owner: its mint, raw amount, the mint's decimals and its program. */
export interface TokenAccountBalance {
  mint: string
  amount: bigint
  decimals: number
  /** The token program that owns the account (and the mint). */
  tokenProgram: string
}

/**
 * The owner's token accounts under both token programs (`jsonParsed`); an account whose parsed
 * owner is not `owner` is dropped (the RPC's answer is checked, not trusted).
 */
export async function fetchTokenAccounts(
  rpcUrl: string,
  owner: string,
  commitment: Commitment,
): Promise<TokenAccountBalance[]> {
  const answers = await Promise.all(
    tokenProgramIds.map((programId) =>
      call(
        rpcUrl,
        'getTokenAccountsByOwner',
        [owner, { programId }, { encoding: 'jsonParsed', commitment }],
        tokenAccountsResult,
      ),
    ),
  )
  return answers.flatMap(({ value }, index) =>
    value
      .filter(
        ({ account }) =>
          account.owner === tokenProgramIds[index] && account.data.parsed.info.owner === owner,
      )
      .map(({ account }) => ({
        mint: account.data.parsed.info.mint,
        amount: BigInt(account.data.parsed.info.tokenAmount.amount),
        decimals: account.data.parsed.info.tokenAmount.decimals,
        tokenProgram: account.owner,
      })),
  )
}

/** The account at `address` (its data read as base64), or null when there is none. */
export async function fetchAccountInfo(
  rpcUrl: string,
  address: string,
  commitment: Commitment,
): Promise<SolanaAccountInfo | null> {
  const { value } = await call(
    rpcUrl,
    'getAccountInfo',
    [address, { encoding: 'base64', commitment }],
    accountInfoResult,
  )
  if (!value) return null
  const binary = atob(value.data[0])
  return {
    lamports: BigInt(value.lamports),
    owner: value.owner,
    executable: value.executable,
    data: Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  }
}

/** The lamports an account of `space` bytes must hold to be rent-exempt. */
export async function fetchMinimumBalanceForRentExemption(
  rpcUrl: string,
  space: number,
  commitment: Commitment,
): Promise<bigint> {
  const value = await call(
    rpcUrl,
    'getMinimumBalanceForRentExemption',
    [space, { commitment }],
    lamports,
  )
  return BigInt(value)
}

/** A recent blockhash and the last block height at which a transaction using it can land. */
export async function fetchLatestBlockhash(
  rpcUrl: string,
  commitment: Commitment,
): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const { value } = await call(rpcUrl, 'getLatestBlockhash', [{ commitment }], blockhashResult)
  return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
}

/** The cluster's genesis hash (base58): its CAIP-2 reference is the first 32 characters. */
export function fetchGenesisHash(rpcUrl: string): Promise<string> {
  return call(rpcUrl, 'getGenesisHash', [], base58Key)
}

/** Sends a signed wire transaction; resolves to its signature (base58). */
export async function sendRawTransaction(
  rpcUrl: string,
  transaction: Uint8Array,
  options: { preflightCommitment: Commitment; skipPreflight: boolean },
): Promise<string> {
  let binary = ''
  for (const byte of transaction) binary += String.fromCharCode(byte)
  return call(
    rpcUrl,
    'sendTransaction',
    [btoa(binary), { encoding: 'base64', ...options }],
    signatureResult,
  )
}

/** Where a sent transaction is: its slot, how far the cluster has confirmed it, its error. */
export interface SignatureStatus {
  slot: bigint
  /** null: processed by a node that does not report levels (old RPC); read as processed. */
  confirmationStatus: Commitment
  /** The transaction's error as the cluster reports it; null when it succeeded. */
  err: unknown
}

/** The status of one signature; null while the cluster has not seen it (yet). */
export async function fetchSignatureStatus(
  rpcUrl: string,
  signature: string,
): Promise<SignatureStatus | null> {
  const {
    value: [status],
  } = await call(rpcUrl, 'getSignatureStatuses', [[signature]], signatureStatusResult)
  if (!status) return null
  return {
    slot: BigInt(status.slot),
    confirmationStatus: status.confirmationStatus ?? 'processed',
    err: status.err,
  }
}
