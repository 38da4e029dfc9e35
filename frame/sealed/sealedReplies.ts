import type { SealedRecoveryShare } from './recoveryCipher'

/* The sealed-wallet server's replies the frame reads (server/routes/sealedWallet.ts). */

/** GET /v1/sealed-wallet: the user's custody, or the project's mode before any wallet. */
export type SealedStatus =
  | { custody: 'none'; mode: 'server' | 'sealed' }
  | { custody: 'server'; address: string; mode: 'server' | 'sealed' }
  | {
      custody: 'sealed'
      address: string
      recovery: boolean
      version: number
      /** The Solana account sealed with the EVM key (absent: the server keeps its key). */
      solanaAddress?: string
    }

export type Released = {
  address: string
  serverShare: string
  recoveryShare: SealedRecoveryShare | null
  version: number
  solanaAddress?: string
  /** Whose split (server/custody/deviceShares.ts): this device's, the first one, another's. */
  slot: 'device' | 'first' | 'recovery'
}

/** A device with a split of the wallet, as GET /v1/sealed-wallet/devices lists it. */
export type ListedDevice = {
  version: number
  current: boolean
  /** The current split is another device's: this one holds none of its own (storage blocked). */
  borrowed?: boolean
  first: boolean
  createdAt: number
  updatedAt: number
}
