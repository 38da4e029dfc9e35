// The Solana hooks and provider, one client file for all of them: an app that uses none never
// loads it, and they share nothing with the modal yet. They import only types from
// `latchkey/solana` (the adapter comes from the app), so this entry carries no Solana code.
export { SolanaProvider } from '../solana/SolanaProvider'
export { useSolanaAccount } from '../solana/useSolanaAccount'
export { useSolanaBalance } from '../solana/useSolanaBalance'
export { useSolanaCluster } from '../solana/useSolanaCluster'
export { useSolanaConnect } from '../solana/useSolanaConnect'
export { useSolanaDisconnect } from '../solana/useSolanaDisconnect'
export { useSolanaSendTransaction } from '../solana/useSolanaSendTransaction'
export { useSolanaSignMessage } from '../solana/useSolanaSignMessage'
export { useSolanaSignTransaction } from '../solana/useSolanaSignTransaction'
export { useSolanaTokenBalances } from '../solana/useSolanaTokenBalances'
export { useSolanaWallets } from '../solana/useSolanaWallets'
