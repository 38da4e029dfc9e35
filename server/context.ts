import type { OriginPolicy } from '../src/frame/originPolicy'
import type { DerivedKeys } from './crypto/masterKey'
import type { Logger } from './logger'
import type { Mailer } from './mail/types'
import type { ResolvedServerOptions } from './options'
import type { ChainClients } from './rpc/createChainClients'
import type { Storage } from './storage/types'

/** Everything a route needs, made once per server by `createLatchkeyServer`. */
export interface ServerContext {
  options: ResolvedServerOptions
  storage: Storage
  mailer: Mailer
  logger: Logger
  keys: DerivedKeys
  originPolicy: OriginPolicy
  chains: ChainClients
  /** Runs `task` after earlier tasks with the same key (one nonce stream per account and chain). */
  serialize<T>(key: string, task: () => Promise<T>): Promise<T>
  now(): number
  /** Base URL for links in mails. */
  publicUrl(): string
}
