/**
 * What the dapp asks a wallet for, all optional: the wallet approves what it supports and the
 * session still settles. Signing and wallet methods go to the wallet; every other method (reads)
 * goes to the chain's `rpcMap` URL, never to WalletConnect's RPC.
 */
export const walletConnectMethods = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getPermissions',
  'wallet_requestPermissions',
]

/** The session events the connector follows. */
export const walletConnectEvents = ['chainChanged', 'accountsChanged']

/** An `eip155` namespace of a WalletConnect proposal (CAIP-2 chain ids). */
export interface Eip155Namespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/**
 * The `eip155` namespace proposed for `chainIds` (the first is the one the dapp wants to start
 * on), with the HTTP RPC URL of each chain.
 */
export function eip155Namespace({
  chainIds,
  rpcMap,
}: {
  chainIds: readonly number[]
  rpcMap: Record<number, string>
}): Eip155Namespace {
  const unique = [...new Set(chainIds)]
  return {
    chains: unique.map((id) => `eip155:${id}`),
    methods: [...walletConnectMethods],
    events: [...walletConnectEvents],
    rpcMap: Object.fromEntries(
      unique.flatMap((id) => (rpcMap[id] ? [[String(id), rpcMap[id]]] : [])),
    ),
  }
}
