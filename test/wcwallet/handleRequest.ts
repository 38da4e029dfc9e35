import {
  type Address,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isHex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem'
import { WalletRpcError } from '../harness/walletRpcError'
import { chainIdOf, localChain } from './chains'

/** What a request handler needs. */
export interface RequestContext {
  account: PrivateKeyAccount
  rpcUrls: Record<number, string>
  /** Called when the dapp switches chains, so the wallet can emit `chainChanged`. */
  onSwitchChain(chainId: number): Promise<void>
}

/** One `session_request` as the wallet sees it. */
export interface WalletRequest {
  method: string
  // biome-ignore lint/suspicious/noExplicitAny: params are whatever the dapp sent
  params: any
  /** CAIP-2, `eip155:1`. */
  chainId: string
}

interface TransactionParams {
  to?: Address
  value?: Hex
  data?: Hex
  gas?: Hex
  nonce?: Hex
}

const optionalBigInt = (value: Hex | undefined) => (value ? hexToBigInt(value) : undefined)

function rpcUrlFor(context: RequestContext, chainId: number): string {
  const rpcUrl = context.rpcUrls[chainId]
  if (!rpcUrl) throw new WalletRpcError(4902, `Unrecognized chain ID ${chainId}.`)
  return rpcUrl
}

async function sendTransaction(context: RequestContext, chainId: number, tx: TransactionParams) {
  const rpcUrl = rpcUrlFor(context, chainId)
  const client = createWalletClient({
    account: context.account,
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
  })
  return client.sendTransaction({
    to: tx.to,
    value: optionalBigInt(tx.value),
    data: tx.data,
    gas: optionalBigInt(tx.gas),
    nonce: tx.nonce ? hexToNumber(tx.nonce) : undefined,
  })
}

function checkAddress(context: RequestContext, address: unknown) {
  if (
    typeof address !== 'string' ||
    address.toLowerCase() !== context.account.address.toLowerCase()
  ) {
    throw new WalletRpcError(4100, `Unknown account ${String(address)}.`)
  }
}

/** Serves one request with the wallet's key and the local nodes. */
export async function handleRequest(context: RequestContext, request: WalletRequest) {
  const { method, params } = request
  const chainId = chainIdOf(request.chainId)
  if (chainId === undefined) throw new WalletRpcError(4902, `Unsupported chain ${request.chainId}.`)
  switch (method) {
    case 'personal_sign': {
      const [message, address] = params as [string, string]
      checkAddress(context, address)
      return context.account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params as [string, string | TypedDataDefinition]
      checkAddress(context, address)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
      return context.account.signTypedData(typed)
    }
    case 'eth_sendTransaction': {
      const [tx] = params as [TransactionParams & { from?: string }]
      if (tx.from) checkAddress(context, tx.from)
      return sendTransaction(context, chainId, tx)
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId: hex }] = params as [{ chainId: Hex }]
      const target = hexToNumber(hex)
      rpcUrlFor(context, target)
      await context.onSwitchChain(target)
      return null
    }
    case 'wallet_addEthereumChain':
      return null
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [context.account.address]
    case 'eth_chainId':
      return `0x${chainId.toString(16)}`
    default:
      throw new WalletRpcError(4200, `The wallet does not support ${method}.`)
  }
}
