// `<SolanaProvider>` as a client file of its own, as each Solana hook is (./useSolanaAccount.ts,
// …): an app that renders the provider and calls no hook loads none of the hooks, whose modules
// the modal's Solana views share (docs/contracts.md). It imports only types from `latchkey/solana`
// (the adapter comes from the app), so this file carries none of the adapter's code.
export { SolanaProvider } from '../solana/SolanaProvider'
