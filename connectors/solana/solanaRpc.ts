// Three JSON-RPC calls (getBalance, getLatestBlockhash, sendTransaction) over fetch, rather than
// @solana/kit's RPC client: kit would be one more optional peer (~23 KB gzip for its RPC and
// transaction parts) for what is a POST and a checked answer. Answers are a trust boundary:
// each is parsed with its zod schema.
import * as z from 'zod/mini'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import type { Commitment } from '../../src/solana/commitment'

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

/** A recent blockhash and the last block height at which a transaction using it can land. */
export async function fetchLatestBlockhash(
  rpcUrl: string,
  commitment: Commitment,
): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const { value } = await call(rpcUrl, 'getLatestBlockhash', [{ commitment }], blockhashResult)
  return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
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
