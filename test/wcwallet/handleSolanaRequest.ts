/**
 * The test wallet's Solana side: WalletConnect's Solana methods served with one Ed25519 key
 * (`@noble/curves`), transactions decoded and signed with `@solana/kit` and sent to the loopback
 * litesvm RPC of their chain. Params and results as WalletConnect's Solana RPC reference has
 * them: messages and signatures base58, transactions base64.
 */
import { getTransactionDecoder, getTransactionEncoder } from '@solana/kit'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { SolanaSigner } from '../harness/solanaSigner'
import { WalletRpcError } from '../harness/walletRpcError'
import { sendToRpc } from '../solana/testWallet/sendToRpc'
import type { SendOptions } from '../solana/testWallet/walletTypes'
import type { WalletRequest } from './handleRequest'

/** The methods the wallet approves in a `solana` namespace. */
export const solanaWalletMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** What the Solana side needs: the key and an RPC URL per CAIP-2 chain (`solana:<genesis>`). */
export interface SolanaWalletOptions {
  signer: SolanaSigner
  rpcUrls: Record<string, string>
}

function field(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string') throw new WalletRpcError(-32602, `${name} must be a string.`)
  return value
}

function signTransaction(options: SolanaWalletOptions, base64: string): Uint8Array {
  const bytes = decodeBase64(base64)
  if (!bytes) throw new WalletRpcError(-32602, 'The transaction is not base64.')
  const transaction = getTransactionDecoder().decode(bytes)
  const { address } = options.signer
  if (!(address in transaction.signatures))
    throw new WalletRpcError(-32602, 'The transaction does not need this account to sign.')
  const signature = options.signer.signRaw(new Uint8Array(transaction.messageBytes))
  const signed = { ...transaction, signatures: { ...transaction.signatures, [address]: signature } }
  return new Uint8Array(getTransactionEncoder().encode(signed as typeof transaction))
}

/** The 64-byte fee payer signature of a signed wire transaction (its transaction id). */
const firstSignature = (signed: Uint8Array) => encodeBase58(signed.subarray(1, 65))

/** Serves one Solana request. */
export async function handleSolanaRequest(
  options: SolanaWalletOptions,
  request: WalletRequest,
): Promise<unknown> {
  const { method, params, chainId } = request
  const rpcUrl = options.rpcUrls[chainId]
  if (!rpcUrl) throw new WalletRpcError(4902, `Unsupported chain ${chainId}.`)
  switch (method) {
    case 'solana_signMessage': {
      if (field(params, 'pubkey') !== options.signer.address)
        throw new WalletRpcError(4100, 'Unknown account.')
      const message = decodeBase58(field(params, 'message'))
      if (!message) throw new WalletRpcError(-32602, 'The message is not base58.')
      return { signature: encodeBase58(options.signer.signRaw(message)) }
    }
    case 'solana_signTransaction': {
      const signed = signTransaction(options, field(params, 'transaction'))
      return { signature: firstSignature(signed), transaction: encodeBase64(signed) }
    }
    case 'solana_signAllTransactions': {
      const list = (params as { transactions?: unknown } | null)?.transactions
      if (!Array.isArray(list)) throw new WalletRpcError(-32602, 'transactions must be a list.')
      return {
        transactions: list.map((item) => encodeBase64(signTransaction(options, String(item)))),
      }
    }
    case 'solana_signAndSendTransaction': {
      const signed = signTransaction(options, field(params, 'transaction'))
      const sendOptions = (params as { sendOptions?: SendOptions }).sendOptions ?? {}
      const signature = await sendToRpc(rpcUrl, signed, sendOptions)
      return { signature: encodeBase58(signature) }
    }
    default:
      throw new WalletRpcError(4200, `The wallet does not support ${method}.`)
  }
}
