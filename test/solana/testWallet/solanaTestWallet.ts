/**
 * Entry of the injected Solana test wallet (a browser script, built to an IIFE by
 * `buildSolanaTestWallet.ts`): creates the wallet, exposes its test control and registers it
 * through the Wallet Standard events.
 */
import { createSolanaTestWallet } from './createSolanaTestWallet'
import { registerWallet } from './registerWallet'

const { wallet, control } = createSolanaTestWallet()
window.__latchkeySolanaTestWalletControl = control
registerWallet(wallet)
