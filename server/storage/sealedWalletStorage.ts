import type { SealedSharesRecord, WalletRecord } from './types'

/**
 * The sealed wallets' records (docs/security.md "Sealed wallets"): a wallet without a key, its
 * shares, and the transactions that make, upgrade or import one. Part of `Storage`.
 */
export interface SealedWalletStorage {
  sealedWallets: {
    /**
     * Stores a sealed wallet (no key), its shares and, when `solanaAddress` is given, its sealed
     * Solana account (no key either) in one transaction; false when the user has a wallet (or a
     * Solana account).
     */
    create(
      wallet: WalletRecord,
      shares: SealedSharesRecord,
      solanaAddress?: string | undefined,
    ): Promise<boolean>
    findShares(userId: string): Promise<SealedSharesRecord | undefined>
    /** Replaces the shares when their version is still `fromVersion` (one of concurrent rotations wins). */
    replaceShares(shares: SealedSharesRecord, fromVersion: number): Promise<boolean>
    /**
     * Upgrades the user's `server` wallet at `address` to sealed, in one transaction: stores its
     * shares and deletes the whole-key ciphertext, and with `solanaAddress` the Solana key's too
     * (the shares hold both keys). False when the wallet is not that `server` wallet any more
     * (already upgraded, or another address) or the Solana account is not that one: nothing written.
     */
    upgrade(
      address: string,
      shares: SealedSharesRecord,
      solanaAddress?: string | undefined,
    ): Promise<boolean>
    /**
     * An imported key (server/custody/importWallet.ts): makes `wallet` (sealed, no key) the
     * user's wallet with `shares`, in one transaction. `replacing` null: only when the user has
     * no wallet; else only while the user's wallet is still at that address, whose key or shares
     * are deleted. With `solanaAddress`, the user's Solana account is replaced by that sealed one
     * (its key in the shares). `'changed'` when the user's wallet is not the one named (nothing
     * written), `'taken'` when another user has the address or the Solana address.
     */
    importKey(
      wallet: WalletRecord,
      shares: SealedSharesRecord,
      replacing: string | null,
      solanaAddress?: string | undefined,
    ): Promise<'stored' | 'changed' | 'taken'>
  }
}
