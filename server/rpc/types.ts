import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import type { WalletRecord } from '../storage/types'

/** One RPC request of a signed-in user. */
export interface RpcCall {
  context: ServerContext
  auth: Auth
  wallet: WalletRecord
  chainId: number
  method: string
  /** Params of a read method. */
  params: unknown
  /** The approved canonical request of a signing or sending method (see `src/approval`). */
  request?: unknown
  /** Its SHA-256 (`hashCanonicalRequest`). */
  hash?: unknown
  /** A fresh second-factor proof for this request, when its value is above the project's threshold. */
  factorProof?: string | undefined
  /** Aborts when the caller went away: cancels a forwarded read (never a send). */
  signal?: AbortSignal | undefined
}

/** Answers one RPC method; throws a `BaseError` on failure. */
export type RpcHandler = (call: RpcCall) => Promise<unknown>
