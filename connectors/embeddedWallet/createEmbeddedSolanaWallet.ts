// The embedded wallet's Solana account (the user's ed25519 key on the Latchkey server) as a
// Wallet Standard wallet, for the Solana adapter (`latchkey/solana`): connect reads the signed-in
// user (GET_USER's `solana`), and signing goes through the frame's Solana methods, each approved
// there (frame/handleRpc.ts) and signed by the server only as shown. No new session: it is the
// email login's, so signing out of the embedded wallet disconnects it too (SPEC §4).
import type { FrameProvider } from '../../src/embeddedWallet/createFrameProvider'
import { EmbeddedWalletNotConnectedError } from '../../src/errors/EmbeddedWalletNotConnectedError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { EmbeddedWalletUser } from '../../src/schemas/embeddedWalletTypes'
import { isSolanaAddress } from '../../src/solana/solanaAddress'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { LinkedSolanaWalletContext } from '../solana/linkedSolanaWallet'
import type { StandardAccount, StandardWallet } from '../solana/walletStandardTypes'

type ChangeListener = (properties: { accounts?: readonly StandardAccount[] }) => void

/** What the embedded wallet's session hands it. */
export interface EmbeddedSolanaWalletParameters {
  name: string
  icon?: string | undefined
  context(): LinkedSolanaWalletContext | undefined
  /** Whether an email login was used on this device (else a silent connect asks nothing). */
  hasLogin(): Promise<boolean>
  getUser(): Promise<EmbeddedWalletUser>
  getProvider(): Promise<FrameProvider>
}

const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

// The adapter's `walletRequest` reports it as the feature's `SolanaWalletRequestError` (that
// class is not imported here: its first-bundle chunk would split, `npm run bench`).
function bytesOf(value: unknown, decode: (text: string) => Uint8Array | undefined, what: string) {
  const bytes = typeof value === 'string' ? decode(value) : undefined
  if (!bytes || bytes.length === 0)
    throw new InvalidRequestError({ reason: `The embedded wallet answered ${what} with no bytes.` })
  return bytes
}

/** Creates the wallet; nothing is asked of the frame before `connect`. */
export function createEmbeddedSolanaWallet(parameters: EmbeddedSolanaWalletParameters) {
  const listeners = new Set<ChangeListener>()
  let address: string | undefined
  let watching: FrameProvider | undefined

  const chains = () => parameters.context()?.clusters.map((cluster) => cluster.chain) ?? []
  const accounts = (): StandardAccount[] =>
    address ? [{ address, chains: chains(), features }] : []
  const signedOut = () => {
    if (address === undefined) return
    address = undefined
    for (const listener of [...listeners]) listener({ accounts: [] })
  }
  const onAccounts = (next: readonly string[]) => {
    if (next.length === 0) signedOut()
  }

  async function request(method: string, params: unknown): Promise<Record<string, unknown>> {
    const provider = await parameters.getProvider()
    const result = await provider.request({ method, params })
    return (result ?? {}) as Record<string, unknown>
  }

  const wallet: StandardWallet = {
    name: parameters.name,
    icon: parameters.icon,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        async connect(input) {
          if (input?.silent && !(await parameters.hasLogin())) return { accounts: [] }
          let user: EmbeddedWalletUser
          try {
            user = await parameters.getUser()
          } catch (error) {
            if (input?.silent) return { accounts: [] }
            throw new EmbeddedWalletNotConnectedError({ cause: error })
          }
          const own = user.solana?.address
          address = isSolanaAddress(own) ? own : undefined
          const provider = await parameters.getProvider()
          if (watching !== provider) {
            watching?.removeListener('accountsChanged', onAccounts)
            watching?.removeListener('disconnect', signedOut)
            provider.on('accountsChanged', onAccounts)
            provider.on('disconnect', signedOut)
            watching = provider
          }
          return { accounts: accounts() }
        },
      },
      // the email login stays: wagmi's disconnect of the embedded wallet signs out
      'standard:disconnect': {
        async disconnect() {
          address = undefined
        },
      },
      'standard:events': {
        on(_event, listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        async signMessage(...inputs) {
          const outputs = []
          for (const { account, message } of inputs) {
            const { signature } = await request('solana_signMessage', {
              message: encodeBase58(message),
              pubkey: account.address,
            })
            outputs.push({
              signedMessage: message,
              signature: bytesOf(signature, decodeBase58, 'solana:signMessage'),
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        async signTransaction(...inputs) {
          const outputs = []
          for (const { transaction, chain } of inputs) {
            const answer = await request('solana_signTransaction', {
              transaction: encodeBase64(transaction),
              ...(chain ? { chain } : {}),
            })
            outputs.push({
              signedTransaction: bytesOf(
                answer.transaction,
                decodeBase64,
                'solana:signTransaction',
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
            const { signature } = await request('solana_signAndSendTransaction', {
              transaction: encodeBase64(transaction),
              chain,
              options: {
                ...(options?.preflightCommitment
                  ? { preflightCommitment: options.preflightCommitment }
                  : {}),
                ...(options?.skipPreflight !== undefined
                  ? { skipPreflight: options.skipPreflight }
                  : {}),
              },
            })
            outputs.push({
              signature: bytesOf(signature, decodeBase58, 'solana:signAndSendTransaction'),
            })
          }
          return outputs
        },
      },
    },
  }
  return wallet
}
