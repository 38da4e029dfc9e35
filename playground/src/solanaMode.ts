import { createSolanaAdapter, type SolanaAdapter } from 'latchkey/solana'
import { readUrlSetting } from './readUrlSetting'

/**
 * Solana in the playground. The RPC URL comes at run time: `?solana=<url>` (the e2e), else the
 * loopback litesvm RPC `npm run dev` hands Vite in `VITE_LATCHKEY_SOLANA_RPC`. Without one the
 * app has no `<SolanaProvider>`, as an app that does not use Solana.
 */
export function readSolanaRpc(search: string): string | undefined {
  return readUrlSetting(search, 'solana', 'VITE_LATCHKEY_SOLANA_RPC')
}

/**
 * A second loopback cluster, so Account's cluster pill has somewhere to switch to: `?solanaB=<url>`
 * (the e2e), else `VITE_LATCHKEY_SOLANA_RPC_B` from `npm run dev`.
 */
export function readSecondSolanaRpc(search: string): string | undefined {
  return readUrlSetting(search, 'solanaB', 'VITE_LATCHKEY_SOLANA_RPC_B')
}

/** What `test/solana/testWallet/solanaTestWallet.ts` does as a script, loaded on demand here. */
async function injectTestWallet() {
  const [{ createSolanaTestWallet }, { registerWallet }] = await Promise.all([
    import('../../test/solana/testWallet/createSolanaTestWallet'),
    import('../../test/solana/testWallet/registerWallet'),
  ])
  const { wallet, control } = createSolanaTestWallet()
  window.__latchkeySolanaTestWalletControl = control
  registerWallet(wallet)
}

/**
 * Whether the Solana test wallet is put in the page: not with `?solanaWallet=0`, a visitor with no
 * Solana wallet (the modal's mobile links to Phantom and Coinbase Wallet show then).
 */
export function readSolanaTestWallet(search: string): boolean {
  return new URLSearchParams(search).get('solanaWallet') !== '0'
}

/**
 * The playground's Solana adapter on the loopback cluster, and the Solana test wallet (Wallet
 * Standard, an Ed25519 key in the page's IndexedDB) registered in the page as an extension would,
 * unless `testWallet` is false.
 */
export function createPlaygroundSolana(
  rpcUrl: string,
  secondRpcUrl?: string,
  testWallet = true,
): SolanaAdapter {
  window.__latchkeySolanaTestWallet = { ...window.__latchkeySolanaTestWallet, rpcUrl }
  if (testWallet) void injectTestWallet()
  const adapter = createSolanaAdapter({
    clusters: [
      { id: 'localnet', name: 'Solana Local', rpcUrl },
      ...(secondRpcUrl ? [{ id: 'localnet-b', name: 'Solana Local B', rpcUrl: secondRpcUrl }] : []),
    ],
  })
  // for people and the e2e: a dapp's own script asks the adapter (sign a message…)
  window.__latchkeySolana = adapter
  return adapter
}

declare global {
  interface Window {
    __latchkeySolana?: SolanaAdapter
  }
}
