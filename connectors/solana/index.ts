/**
 * `latchkey/solana`: the Solana adapter, beside wagmi (which is EVM-only). Wallet Standard
 * discovery, the Solana account state, signing, sending and balance reads, headless; the React
 * hooks over it are in `latchkey/react` (`SolanaProvider`, `useSolanaAccount`, …). An app that
 * never imports this entry carries no Solana code; one that does loads `@wallet-standard/app` (an
 * optional peer) on first need.
 * @example
 * import { createSolanaAdapter } from 'latchkey/solana'
 * const solana = createSolanaAdapter({ clusters: ['mainnet', 'devnet'] })
 */

export {
  InvalidCommitmentError,
  type InvalidCommitmentErrorType,
} from '../../src/errors/InvalidCommitmentError'
export {
  InvalidSolanaAddressError,
  type InvalidSolanaAddressErrorType,
} from '../../src/errors/InvalidSolanaAddressError'
export {
  InvalidSolanaClusterError,
  type InvalidSolanaClusterErrorType,
} from '../../src/errors/InvalidSolanaClusterError'
export {
  SolanaConfirmationTimeoutError,
  type SolanaConfirmationTimeoutErrorType,
} from '../../src/errors/SolanaConfirmationTimeoutError'
export {
  SolanaFeatureNotSupportedError,
  type SolanaFeatureNotSupportedErrorType,
} from '../../src/errors/SolanaFeatureNotSupportedError'
export {
  SolanaTransactionFailedError,
  type SolanaTransactionFailedErrorType,
} from '../../src/errors/SolanaTransactionFailedError'
export {
  SolanaWalletNotConnectedError,
  type SolanaWalletNotConnectedErrorType,
} from '../../src/errors/SolanaWalletNotConnectedError'
export {
  SolanaWalletNotFoundError,
  type SolanaWalletNotFoundErrorType,
} from '../../src/errors/SolanaWalletNotFoundError'
export {
  SolanaWalletRequestError,
  type SolanaWalletRequestErrorType,
} from '../../src/errors/SolanaWalletRequestError'
export type { SolanaAccountState, SolanaAccountStatus } from '../../src/machines/solanaAccount'
export {
  type Commitment,
  type CommitmentInput,
  parseCommitment,
} from '../../src/solana/commitment'
export { isSolanaAddress, parseSolanaAddress } from '../../src/solana/solanaAddress'
export {
  type KnownSolanaClusterId,
  type SolanaCluster,
  type SolanaClusterInput,
  solanaClusters,
} from '../../src/solana/solanaClusters'
export { createSolanaAdapter } from './createSolanaAdapter'
export type {
  CreateSolanaAdapterParameters,
  SolanaAccountInfo,
  SolanaAdapter,
  SolanaTokenBalance,
  SolanaTokenListing,
} from './solanaAdapterTypes'
export type { SolanaWallet, SolanaWalletListing, SolanaWalletReadyState } from './solanaWallets'
