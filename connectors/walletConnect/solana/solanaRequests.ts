import { InvalidRequestError } from '../../../src/errors/InvalidRequestError'
import { insertSolanaSignature } from '../../../src/solana/insertSolanaSignature'
import { decodeBase64, encodeBase64 } from '../../../src/utils/base64'
import { decodeBase58 } from '../../../src/utils/decodeBase58'
import { encodeBase58 } from '../../../src/utils/encodeBase58'
import type { StandardFeatures } from '../../solana/walletStandardTypes'

/** How the features reach the wallet. */
export interface SolanaRequestTransport {
  /** The CAIP-2 chain a request goes to, for a Wallet Standard chain (the current one if none). */
  chainOf(chain: string | undefined): string
  request(method: string, chainId: string, params: unknown): Promise<unknown>
}

// The adapter's `walletRequest` reports it as the feature's `SolanaWalletRequestError` (that
// class is not imported here: its first-bundle chunk would split, `npm run bench`).
function fail(feature: string, what: string): never {
  throw new InvalidRequestError({ reason: `The wallet answered ${feature} with ${what}.` })
}

/** A base58 64-byte signature from an answer's `signature`. */
function signatureOf(answer: unknown, feature: string): Uint8Array {
  const text = (answer as { signature?: unknown } | null)?.signature
  const bytes = typeof text === 'string' ? decodeBase58(text) : undefined
  if (bytes?.length !== 64) fail(feature, 'no 64-byte base58 signature')
  return bytes as Uint8Array
}

/**
 * `solana:signMessage`, `solana:signTransaction` and `solana:signAndSendTransaction` over
 * WalletConnect's Solana methods: `solana_signMessage { message (base58), pubkey }` →
 * `{ signature }`; `solana_signTransaction { transaction (base64) }` → `{ signature,
 * transaction? }` (the signature is put in the account's slot when the wallet gives no
 * transaction); `solana_signAndSendTransaction { transaction, sendOptions }` → `{ signature }`.
 * @see https://docs.walletconnect.network/wallet-sdk/chain-support/solana
 */
export function createSolanaRequests(
  transport: SolanaRequestTransport,
): Required<
  Pick<
    StandardFeatures,
    'solana:signMessage' | 'solana:signTransaction' | 'solana:signAndSendTransaction'
  >
> {
  return {
    'solana:signMessage': {
      async signMessage(...inputs) {
        const outputs = []
        for (const { account, message } of inputs) {
          const params = { message: encodeBase58(message), pubkey: account.address }
          const answer = await transport.request(
            'solana_signMessage',
            transport.chainOf(undefined),
            params,
          )
          outputs.push({
            signedMessage: message,
            signature: signatureOf(answer, 'solana:signMessage'),
          })
        }
        return outputs
      },
    },
    'solana:signTransaction': {
      async signTransaction(...inputs) {
        const feature = 'solana:signTransaction'
        const outputs = []
        for (const { account, transaction, chain } of inputs) {
          const answer = await transport.request(
            'solana_signTransaction',
            transport.chainOf(chain),
            {
              transaction: encodeBase64(transaction),
            },
          )
          const text = (answer as { transaction?: unknown } | null)?.transaction
          if (text !== undefined) {
            const signed = typeof text === 'string' ? decodeBase64(text) : undefined
            if (!signed) fail(feature, 'a transaction that is not base64')
            outputs.push({ signedTransaction: signed })
          } else
            outputs.push({
              signedTransaction: insertSolanaSignature(
                transaction,
                account.address,
                signatureOf(answer, feature),
              ),
            })
        }
        return outputs
      },
    },
    'solana:signAndSendTransaction': {
      async signAndSendTransaction(...inputs) {
        const outputs = []
        for (const { transaction, chain, options } of inputs) {
          const sendOptions = {
            ...(options?.preflightCommitment
              ? { preflightCommitment: options.preflightCommitment }
              : {}),
            ...(options?.skipPreflight !== undefined
              ? { skipPreflight: options.skipPreflight }
              : {}),
            ...(options?.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
          }
          const answer = await transport.request(
            'solana_signAndSendTransaction',
            transport.chainOf(chain),
            { transaction: encodeBase64(transaction), sendOptions },
          )
          outputs.push({ signature: signatureOf(answer, 'solana:signAndSendTransaction') })
        }
        return outputs
      },
    },
  }
}
