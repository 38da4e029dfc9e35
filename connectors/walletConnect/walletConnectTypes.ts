import type { CreateConnectorFn } from 'wagmi'
import type { WalletConnectProvider } from './createWalletConnectProvider'
import type { SessionFlag } from './sessionFlagSchema'

// The WalletConnect connector's shared types, apart from both halves: the shell
// (`walletConnect.ts`) and its lazily loaded session (`createWalletConnectSession.ts`) import them
// from here, so neither imports the other for a type.

/** Dapp metadata shown by the wallet (SPEC §3 "Dapp metadata"). */
export interface WalletConnectMetadata {
  /** The dapp's name. */
  name: string
  /** One line about the dapp. */
  description: string
  /** The dapp's URL (its origin). */
  url: string
  /** Icon URLs. */
  icons: string[]
  /** Links a wallet may use to return to the dapp. */
  redirect?: { native?: string; universal?: string; linkMode?: boolean } | undefined
}

/** Options of {@link walletConnect}. There is no QR modal option: Latchkey draws the QR itself. */
export interface WalletConnectParameters {
  /** The relay both sides use, e.g. `wss://relay.example.com`; `walletConnectCloudRelayUrl` opts into WalletConnect's. */
  relayUrl: string
  /** WalletConnect project id; only WalletConnect's own relay needs one. */
  projectId?: string | undefined
  /** Dapp name, description, url and icons shown in the wallet. */
  metadata?: WalletConnectMetadata | undefined
  /** HTTP RPC URL per chain id for the provider's read calls. @default the wagmi transports' URLs */
  rpcMap?: Record<number, string> | undefined
  /** Storage prefix of the SDK (two clients in one page need distinct ones). */
  customStoragePrefix?: string | undefined
  /** Send WalletConnect's telemetry events (pulse.walletconnect.org). @default false */
  telemetryEnabled?: boolean | undefined
  /**
   * Use WalletConnect's Verify API (verify.walletconnect.org): before each proposal and request the
   * page loads its attestation iframe, so the wallet can show whether your domain is verified.
   * Only meaningful with WalletConnect's relay and a real `projectId`. @default false
   */
  verifyEnabled?: boolean | undefined
  /** Skip the provider's `{"method":"test"}` HTTP probe. @default true */
  disableProviderPing?: boolean | undefined
  /**
   * How long a pairing waits for the relay to take its proposal before `connect()` rejects with
   * `RelayUnreachableError` (nothing answers at `relayUrl`, or not as a WebSocket).
   * @default 10_000
   */
  relayTimeoutMs?: number | undefined
  /**
   * How long a request sent to the wallet (signing, sending, switching) waits for its answer
   * before it rejects with `WalletConnectRequestExpiredError`, so nothing waits for a wallet
   * app that was closed or never shows the request. The SDK's own request TTL is the default.
   * @default 300_000 (5 min)
   */
  requestTimeoutMs?: number | undefined
}

/** What wagmi keeps for the connector: the flag that says a session of ours exists. */
export type WalletConnectStorageItem = { 'walletConnect.session': SessionFlag | null }

/** The config wagmi hands the WalletConnect connector (chains, emitter, storage). */
export type ConnectorConfig = Parameters<
  CreateConnectorFn<
    WalletConnectProvider | undefined,
    Record<string, unknown>,
    WalletConnectStorageItem
  >
>[0]
