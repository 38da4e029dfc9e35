import { RpcMethodNotAllowedError } from '../../src/errors/RpcMethodNotAllowedError'
import { accounts, chainId, getCapabilities } from './accountMethods'
import { forwardedMethods } from './allowedMethods'
import { forward } from './forward'
import { getCallsStatus } from './getCallsStatus'
import { sendCalls } from './sendCalls'
import { sendTransaction } from './sendTransaction'
import { personalSign, signTypedDataV4 } from './signing'
import type { RpcCall, RpcHandler } from './types'

/** Methods answered by the server itself (signing and EIP-5792), by name. */
const handlers: Readonly<Record<string, RpcHandler>> = {
  eth_accounts: accounts,
  eth_requestAccounts: accounts,
  eth_chainId: chainId,
  personal_sign: personalSign,
  eth_signTypedData_v4: signTypedDataV4,
  eth_sendTransaction: sendTransaction,
  wallet_sendCalls: sendCalls,
  wallet_getCallsStatus: getCallsStatus,
  wallet_getCapabilities: getCapabilities,
}

/**
 * Answers one RPC request of a signed-in user: own methods, read methods forwarded to the
 * chain, and 'Requested RPC call is not allowed' for anything else.
 */
export async function handleRpc(call: RpcCall): Promise<unknown> {
  const handler = Object.hasOwn(handlers, call.method) ? handlers[call.method] : undefined
  if (handler) return handler(call)
  if (forwardedMethods.has(call.method))
    return forward(
      call.context.chains.get(call.chainId),
      call.method,
      call.params ?? [],
      call.signal,
    )
  throw new RpcMethodNotAllowedError({ method: call.method })
}
