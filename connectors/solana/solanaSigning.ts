import { SolanaFeatureNotSupportedError } from '../../src/errors/SolanaFeatureNotSupportedError'
import { SolanaWalletRequestError } from '../../src/errors/SolanaWalletRequestError'
import type { Commitment } from '../../src/solana/commitment'
import type { SolanaCluster } from '../../src/solana/solanaClusters'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import { sendRawTransaction } from './solanaRpc'
import { type ToRejection, walletRequest } from './walletRequest'
import type { StandardAccount, StandardFeatures, StandardWallet } from './walletStandardTypes'

/** The connected wallet and account a request goes to, and the cluster it is for. */
export interface SigningTarget {
  wallet: StandardWallet
  account: StandardAccount
  cluster: SolanaCluster
  /** Makes a decline viem's `UserRejectedRequestError` (see `ToRejection`). */
  toRejection: ToRejection
}

function feature<K extends keyof StandardFeatures>(
  wallet: StandardWallet,
  name: K,
): NonNullable<StandardFeatures[K]> {
  const found = wallet.features[name] as StandardFeatures[K]
  if (!found) throw new SolanaFeatureNotSupportedError({ wallet: wallet.name, feature: name })
  return found
}

function checkChain({ wallet, cluster }: SigningTarget) {
  if (!wallet.chains.includes(cluster.chain))
    throw new SolanaFeatureNotSupportedError({ wallet: wallet.name, feature: cluster.chain })
}

function bytesOf(value: unknown, what: string, name: string): Uint8Array {
  if (value instanceof Uint8Array && value.length > 0) return value
  throw new SolanaWalletRequestError({
    feature: name,
    cause: new Error(`The wallet gave no ${what}.`),
  })
}

/** Signs bytes with the account's key (`solana:signMessage`). */
export async function signMessage(target: SigningTarget, message: Uint8Array) {
  const name = 'solana:signMessage'
  const { signMessage } = feature(target.wallet, name)
  const [output] = await walletRequest(
    name,
    () => signMessage({ account: target.account, message }),
    target.toRejection,
  )
  return {
    signature: bytesOf(output?.signature, 'signature', name),
    signedMessage: bytesOf(output?.signedMessage, 'signed message', name),
  }
}

/** Signs a wire transaction without sending it (`solana:signTransaction`). */
export async function signTransaction(target: SigningTarget, transaction: Uint8Array) {
  const name = 'solana:signTransaction'
  const { signTransaction } = feature(target.wallet, name)
  checkChain(target)
  const [output] = await walletRequest(
    name,
    () => signTransaction({ account: target.account, transaction, chain: target.cluster.chain }),
    target.toRejection,
  )
  return bytesOf(output?.signedTransaction, 'signed transaction', name)
}

/** Options of a send. */
export interface SendOptions {
  preflightCommitment: Commitment
  skipPreflight: boolean
}

/**
 * Has the wallet sign and send (`solana:signAndSendTransaction`); a wallet that can only sign has
 * it sign, and sends it to the cluster's RPC ourselves, as the Solana wallet adapter does.
 * Resolves to the transaction's signature (base58).
 */
export async function signAndSendTransaction(
  target: SigningTarget,
  transaction: Uint8Array,
  options: SendOptions,
): Promise<string> {
  const name = 'solana:signAndSendTransaction'
  const sendFeature = target.wallet.features[name]
  if (!sendFeature) {
    const signed = await signTransaction(target, transaction)
    return sendRawTransaction(target.cluster.rpcUrl, signed, options)
  }
  checkChain(target)
  const [output] = await walletRequest(
    name,
    () =>
      sendFeature.signAndSendTransaction({
        account: target.account,
        transaction,
        chain: target.cluster.chain,
        options,
      }),
    target.toRejection,
  )
  const signature = bytesOf(output?.signature, 'signature', name)
  if (signature.length !== 64)
    throw new SolanaWalletRequestError({
      feature: name,
      cause: new Error('The signature is not 64 bytes.'),
    })
  return encodeBase58(signature)
}
