import { generateSiwxNonce } from '../../src/siwx/generateSiwxNonce'
import type { Storage } from '../storage/storage'
import type { SiwxNonceStore } from './createMemoryNonceStore'

/** Parameters of {@link createStorageNonceStore}. */
export type CreateStorageNonceStoreParameters = {
  storage: Pick<Storage, 'siwxNonces'>
  /** Nonces of one project are not accepted by another. */
  projectId: string
  /**
   * How long an issued nonce stays usable, in milliseconds (capped at 10 minutes).
   * @default 600_000
   */
  ttl?: number | undefined
  /** @default Date.now */
  now?: (() => number) | undefined
}

const maxTtl = 10 * 60_000

/**
 * A nonce store in the server's database, shared by every server process on it: 22 base62
 * characters (131 bits from the CSPRNG), consumed by one conditional UPDATE so that of two
 * concurrent verifies of one message exactly one succeeds.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export function createStorageNonceStore(
  parameters: CreateStorageNonceStoreParameters,
): SiwxNonceStore {
  const { projectId, storage } = parameters
  const ttl = Math.min(Math.max(parameters.ttl ?? maxTtl, 1), maxTtl)
  const now = parameters.now ?? Date.now
  return {
    async issue() {
      const nonce = generateSiwxNonce()
      const createdAt = now()
      await storage.siwxNonces.create({ nonce, projectId, createdAt, expiresAt: createdAt + ttl })
      return nonce
    },
    consume: (nonce) => storage.siwxNonces.consume(projectId, nonce, now()),
  }
}
