import { type SafeRpcMethod, safeRpcMethods } from '../../src/schemas/frameRpc'

/**
 * Safe methods the server does not forward: it answers accounts, chain id and wallet
 * capabilities itself, and refuses filter methods, which keep state on one node.
 */
const answeredHere: ReadonlySet<SafeRpcMethod> = new Set<SafeRpcMethod>([
  'eth_accounts',
  'eth_chainId',
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_uninstallFilter',
])

/**
 * Read methods forwarded as they are to the chain's RPC node: the frame's safe methods (SPEC §6
 * "safe read calls", §7 "standard eth read methods" and eth_sendRawTransaction), one list for
 * both sides, less those answered here.
 */
export const forwardedMethods: ReadonlySet<string> = new Set(
  safeRpcMethods.filter((method) => !answeredHere.has(method)),
)
