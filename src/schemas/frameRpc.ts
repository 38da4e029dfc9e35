import * as z from 'zod/mini'
import { checkFrameValue } from './frameLimits'
import { frameString } from './frameValues'

/** RPC methods that need no approval in the frame: reads, and already-signed sends (SPEC §6). */
export const safeRpcMethods = [
  'eth_accounts',
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

/**
 * RPC methods that need a click inside the frame (SPEC §6). `eth_sendUserOperation` is listed
 * so it is never treated as safe, but it is not allowed through the frame (SPEC §7).
 */
export const approvalRpcMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/** Every RPC method the frame accepts (SPEC §7 "RPC methods allowed through the frame"). */
export const allowedRpcMethods = [
  ...safeRpcMethods,
  ...approvalRpcMethods.filter((method) => method !== 'eth_sendUserOperation'),
] as const

/** A method that needs no approval. */
export type SafeRpcMethod = (typeof safeRpcMethods)[number]
/** A method the frame accepts. */
export type AllowedRpcMethod = Exclude<(typeof allowedRpcMethods)[number], 'eth_sendUserOperation'>

const safeSet: ReadonlySet<string> = new Set(safeRpcMethods)
const approvalSet: ReadonlySet<string> = new Set(approvalRpcMethods)
const allowedSet: ReadonlySet<string> = new Set(allowedRpcMethods)

/** Whether an RPC method is a safe read that needs no approval (exact name). */
export function isSafeRpcMethod(method: unknown): method is SafeRpcMethod {
  return typeof method === 'string' && safeSet.has(method)
}

/** Whether an RPC method needs an approval click inside the frame. */
export function rpcMethodNeedsApproval(method: unknown): boolean {
  return typeof method === 'string' && approvalSet.has(method)
}

/** Whether an RPC method may be sent through the frame at all (exact name). */
export function isAllowedRpcMethod(method: unknown): method is AllowedRpcMethod {
  return typeof method === 'string' && allowedSet.has(method)
}

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'Expected a 0x-prefixed hex string.'))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed address.'))

/** One call of `wallet_sendCalls`: `to` and `data` (if present) must start with 0x (SPEC §5). */
export const sendCallSchema = z.looseObject({
  to: address,
  data: z.optional(hex),
  value: z.optional(hex),
})

/** Params of `wallet_sendCalls` (EIP-5792). */
export const sendCallsParamsSchema = z.tuple([
  z.looseObject({
    calls: z.array(sendCallSchema).check(z.minLength(1), z.maxLength(256)),
  }),
])

const base58OrBase64 = frameString().check(z.minLength(1))
// The cluster a transaction is for (`solana:devnet`), as the Wallet Standard's inputs name it;
// without one the frame uses its active Solana cluster.
const solanaChain = z.optional(frameString(64))

// Shapes the host can check before anything leaves the page; other methods get JSON limits only.
const paramsByMethod: Partial<Record<AllowedRpcMethod, z.ZodMiniType>> = {
  wallet_sendCalls: sendCallsParamsSchema,
  solana_signMessage: z.strictObject({ message: base58OrBase64, pubkey: base58OrBase64 }),
  solana_signTransaction: z.strictObject({ transaction: base58OrBase64, chain: solanaChain }),
  solana_signAllTransactions: z.strictObject({
    transactions: z.array(base58OrBase64).check(z.maxLength(256)),
    chain: solanaChain,
  }),
  solana_signAndSendTransaction: z.strictObject({
    transaction: base58OrBase64,
    options: z.optional(z.looseObject({})),
    chain: solanaChain,
  }),
}

/** Payload of an RPC request: an allowed method and its params. */
export const frameRpcPayloadSchema = z
  .strictObject({
    method: z.enum(allowedRpcMethods as unknown as [AllowedRpcMethod, ...AllowedRpcMethod[]]),
    params: z.optional(z.unknown()),
  })
  .check(
    z.superRefine((payload, context) => {
      const problem = checkFrameValue(payload.params)
      if (problem) {
        context.addIssue({ code: 'custom', message: problem, path: ['params'] })
        return
      }
      const schema = paramsByMethod[payload.method]
      if (!schema) return
      const result = schema.safeParse(payload.params)
      for (const issue of result.error?.issues ?? [])
        context.addIssue({
          code: 'custom',
          message: issue.message,
          path: [
            'params',
            ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
          ],
        })
    }),
  )
