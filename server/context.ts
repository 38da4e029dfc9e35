import type { OriginPolicy } from '../src/frame/originPolicy'
import type { ChainIndexer } from './chainData/chainIndexerTypes'
import type { PriceSource } from './chainData/createPriceSource'
import type { DerivedKeys } from './crypto/masterKey'
import type { Logger } from './logger'
import type { Mailer } from './mail/types'
import type { Metrics } from './ops/createMetrics'
import type { ResolvedServerOptions } from './options'
import type { ChainClients } from './rpc/createChainClients'
import type { SocialEngine } from './social/createSocialEngine'
import type { SolanaClusters } from './solana/createSolanaClusters'
import type { Storage } from './storage/storage'

/** Everything a route needs, made once per server by `createLatchkeyServer`. */
export interface ServerContext {
  options: ResolvedServerOptions
  storage: Storage
  mailer: Mailer
  logger: Logger
  keys: DerivedKeys
  originPolicy: OriginPolicy
  chains: ChainClients
  /** The Solana clusters with an RPC URL (`solanaClusters`), where signed transactions are sent. */
  solana: SolanaClusters
  /** The configured social login providers (`social`), resolved on first use. */
  social: SocialEngine
  /** Runs `task` after earlier tasks with the same key (one nonce stream per account and chain). */
  serialize<T>(key: string, task: () => Promise<T>): Promise<T>
  /** US dollar prices from the operator's price API (`chainData.priceUrl`), cached. */
  prices: PriceSource
  /** The background transfer indexer, one runner per chain of `chainData.chains`. */
  indexer: ChainIndexer
  now(): number
  /** `draining` from the moment the server starts shutting down (`/ready` then answers 503). */
  lifecycle: { draining: boolean }
  /** Requests, latencies, rate-limit refusals and signatures, for GET /metrics. */
  metrics: Metrics
  /** Base URL for links in mails. */
  publicUrl(): string
}
