/**
 * The Solana test wallet: a Wallet Standard wallet with one Ed25519 account (WebCrypto, private
 * key non-extractable), `standard:connect` / `disconnect` / `events`, `solana:signMessage`,
 * `solana:signTransaction` and `solana:signAndSendTransaction` (sent to the RPC URL of the
 * input's chain). Every call reads the page's `window.__latchkeySolanaTestWallet` config, so a
 * test can switch faults between calls.
 */
import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder } from '@solana/kit'
import { rememberAuthorized, wasAuthorized } from './authorization'
import { loadOrCreateKeyPair } from './keyStore'
import { sendToRpc } from './sendToRpc'
import { internalFailure, SolanaTestWalletError, userRejected } from './walletError'
import {
  type SendOptions,
  type SolanaChain,
  type StandardWallet,
  type StandardWalletAccount,
  solanaChains,
} from './walletTypes'

/** Methods a fault can be set on (`*` is all of them). */
export type SolanaWalletMethod =
  | 'connect'
  | 'signMessage'
  | 'signTransaction'
  | 'signAndSendTransaction'

/** `reject`: the user declines (4001); `fail`: the wallet fails (-32603). */
export type SolanaWalletFault = 'reject' | 'fail'

/** `window.__latchkeySolanaTestWallet`: read on every call. */
export interface SolanaTestWalletConfig {
  /** RPC URL for every chain (unless `rpcUrls` names the chain). */
  rpcUrl?: string
  rpcUrls?: Partial<Record<SolanaChain, string>>
  faults?: Partial<Record<SolanaWalletMethod | '*', SolanaWalletFault>>
  /**
   * The name it registers under, read once when it is made (e.g. `Phantom`, to stand for a wallet
   * the modal knows by name). @default 'Latchkey Solana Test Wallet'
   */
  name?: string
}

/** `window.__latchkeySolanaTestWalletControl`: what a test reads or does as the user. */
export interface SolanaTestWalletControl {
  /** The account's base58 address (creates the key on first use). */
  address(): Promise<string>
  /** Every feature method called so far, in order. */
  calls(): string[]
  /** The user disconnects in the wallet: `change` with no accounts, forgotten on reload. */
  lock(): void
}

declare global {
  interface Window {
    __latchkeySolanaTestWallet?: SolanaTestWalletConfig
    __latchkeySolanaTestWalletControl?: SolanaTestWalletControl
  }
}

const accountFeatures = [
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
] as const
const icon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M9 11h14l-3 3H6zm3 6h14l-3 3H9z" fill="#fff"/></svg>',
)}` as const

type ChangeListener = (properties: { accounts?: readonly StandardWalletAccount[] }) => void

function config(): SolanaTestWalletConfig {
  return window.__latchkeySolanaTestWallet ?? {}
}

function rpcUrlFor(chain: string): string {
  const { rpcUrl, rpcUrls } = config()
  const url = rpcUrls?.[chain as SolanaChain] ?? rpcUrl
  if (!url) throw internalFailure(`The test wallet has no RPC URL for ${chain}.`)
  return url
}

/** The wallet object to register (and its test control). */
export function createSolanaTestWallet(): {
  wallet: StandardWallet
  control: SolanaTestWalletControl
} {
  const listeners = new Set<ChangeListener>()
  const calls: string[] = []
  let keys: Promise<{ pair: CryptoKeyPair; account: StandardWalletAccount }> | undefined
  let connected: StandardWalletAccount | undefined

  const key = () => {
    keys ??= loadOrCreateKeyPair().then(async (pair) => {
      const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
      const account: StandardWalletAccount = Object.freeze({
        address: getBase58Decoder().decode(publicKey),
        publicKey,
        chains: solanaChains,
        features: accountFeatures,
        label: 'Latchkey Solana Test Wallet',
      })
      return { pair, account }
    })
    return keys
  }
  const emit = () => {
    const accounts = connected ? [connected] : []
    for (const listener of [...listeners]) listener({ accounts })
  }
  const faultFor = (method: SolanaWalletMethod) => {
    calls.push(method)
    const faults = config().faults ?? {}
    const fault = faults[method] ?? faults['*']
    if (fault === 'reject') throw userRejected()
    if (fault === 'fail') throw internalFailure(`The test wallet failed (${method}).`)
  }
  const signer = async (account: StandardWalletAccount | undefined) => {
    const { pair, account: own } = await key()
    if (!connected || !account || account.address !== own.address) {
      throw new SolanaTestWalletError(
        4100,
        'The requested account has not been authorized by the user.',
      )
    }
    return pair.privateKey
  }
  const sign = async (privateKey: CryptoKey, bytes: Uint8Array) =>
    new Uint8Array(
      await crypto.subtle.sign('Ed25519', privateKey, bytes as Uint8Array<ArrayBuffer>),
    )

  const signTransactionBytes = async (
    account: StandardWalletAccount | undefined,
    bytes: Uint8Array,
  ) => {
    const privateKey = await signer(account)
    let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
    try {
      transaction = getTransactionDecoder().decode(bytes)
    } catch {
      throw new SolanaTestWalletError(-32602, 'The transaction could not be decoded.')
    }
    const address = (account as StandardWalletAccount).address
    if (!(address in transaction.signatures)) {
      throw new SolanaTestWalletError(-32602, 'The transaction does not need this account to sign.')
    }
    const signature = await sign(privateKey, new Uint8Array(transaction.messageBytes))
    const signed = {
      ...transaction,
      signatures: { ...transaction.signatures, [address]: signature },
    }
    return new Uint8Array(getTransactionEncoder().encode(signed as typeof transaction))
  }

  const features = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        if (input?.silent) {
          if (wasAuthorized()) connected = (await key()).account
          if (connected) emit()
          return { accounts: connected ? [connected] : [] }
        }
        faultFor('connect')
        connected = (await key()).account
        rememberAuthorized(true)
        emit()
        return { accounts: [connected] }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        connected = undefined
        rememberAuthorized(false)
        emit()
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: ChangeListener) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]) {
        faultFor('signMessage')
        return Promise.all(
          inputs.map(async ({ account, message }) => ({
            signedMessage: message,
            signature: await sign(await signer(account), message),
            signatureType: 'ed25519' as const,
          })),
        )
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0] as const,
      async signTransaction(
        ...inputs: { account: StandardWalletAccount; transaction: Uint8Array }[]
      ) {
        faultFor('signTransaction')
        return Promise.all(
          inputs.map(async ({ account, transaction }) => ({
            signedTransaction: await signTransactionBytes(account, transaction),
          })),
        )
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0] as const,
      async signAndSendTransaction(
        ...inputs: {
          account: StandardWalletAccount
          transaction: Uint8Array
          chain: string
          options?: SendOptions
        }[]
      ) {
        faultFor('signAndSendTransaction')
        const results: { signature: Uint8Array }[] = []
        for (const { account, transaction, chain, options } of inputs) {
          const signed = await signTransactionBytes(account, transaction)
          results.push({ signature: await sendToRpc(rpcUrlFor(chain), signed, options) })
        }
        return results
      },
    },
  }

  const wallet: StandardWallet = {
    version: '1.0.0',
    name: config().name ?? 'Latchkey Solana Test Wallet',
    icon,
    chains: solanaChains,
    features,
    get accounts() {
      return connected ? [connected] : []
    },
  }
  const control: SolanaTestWalletControl = {
    address: async () => (await key()).account.address,
    calls: () => [...calls],
    lock() {
      connected = undefined
      rememberAuthorized(false)
      emit()
    },
  }
  return { wallet, control }
}
