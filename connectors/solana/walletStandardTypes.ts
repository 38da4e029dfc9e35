// The parts of a Wallet Standard wallet the adapter calls, typed structurally here rather than
// imported from `@wallet-standard/base` and `@solana/wallet-standard-features`: the wallet is an
// object a page script gave us (untrusted), so every field is read as optional and checked.
// @see https://github.com/wallet-standard/wallet-standard

/** An account as a Wallet Standard wallet lists it. */
export interface StandardAccount {
  readonly address: string
  readonly publicKey?: Uint8Array
  readonly chains?: readonly string[]
  readonly features?: readonly string[]
}

type Method<Input, Output> = (...inputs: Input[]) => Promise<Output>

/** The Wallet Standard features the adapter uses, each possibly missing. */
export interface StandardFeatures {
  'standard:connect'?: {
    connect: (input?: { silent?: boolean }) => Promise<{ accounts: readonly StandardAccount[] }>
  }
  'standard:disconnect'?: { disconnect: () => Promise<void> }
  'standard:events'?: {
    on: (
      event: 'change',
      listener: (properties: { accounts?: readonly StandardAccount[] }) => void,
    ) => () => void
  }
  'solana:signMessage'?: {
    signMessage: Method<
      { account: StandardAccount; message: Uint8Array },
      readonly { signedMessage: Uint8Array; signature: Uint8Array }[]
    >
  }
  'solana:signTransaction'?: {
    signTransaction: Method<
      { account: StandardAccount; transaction: Uint8Array; chain?: string },
      readonly { signedTransaction: Uint8Array }[]
    >
  }
  'solana:signAndSendTransaction'?: {
    signAndSendTransaction: Method<
      {
        account: StandardAccount
        transaction: Uint8Array
        chain: string
        options?: { preflightCommitment?: string; skipPreflight?: boolean; maxRetries?: number }
      },
      readonly { signature: Uint8Array }[]
    >
  }
}

/** A wallet registered through Wallet Standard. */
export interface StandardWallet {
  readonly name: string
  readonly icon?: string
  readonly chains: readonly string[]
  readonly accounts: readonly StandardAccount[]
  readonly features: Readonly<StandardFeatures & Record<string, unknown>>
}

/** What `getWallets()` of `@wallet-standard/app` returns (the part we use). */
export interface StandardWalletsApi {
  get(): readonly StandardWallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: StandardWallet[]) => void): () => void
}
