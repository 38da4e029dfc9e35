import { generateSiwxNonce } from '../../src/siwx/generateSiwxNonce'

/** Where sign-in nonces are issued and consumed; one per server (or shared across instances). */
export interface SiwxNonceStore {
  /** A fresh nonce (≥ 96 bits from a CSPRNG, letters and digits) remembered until its TTL ends. */
  issue(): Promise<string>
  /**
   * Forgets `nonce` and says whether it was issued, unexpired and unused. Must be atomic: of two
   * concurrent calls with one nonce exactly one resolves `true`.
   */
  consume(nonce: string): Promise<boolean>
}

/** Parameters of {@link createMemoryNonceStore}. */
export type CreateMemoryNonceStoreParameters = {
  /**
   * How long an issued nonce stays usable, in milliseconds (capped at 10 minutes).
   * @default 600_000
   */
  ttl?: number | undefined
  /** @default Date.now */
  now?: (() => number) | undefined
  /**
   * Most nonces kept at once; the oldest are dropped first (bounds memory under a flood).
   * @default 100_000
   */
  maxSize?: number | undefined
}

const maxTtl = 10 * 60_000

/**
 * An in-process nonce store: a Map from nonce to expiry. `consume` deletes synchronously, so it
 * is atomic within one process; several server processes need a shared store (e.g. SQL
 * `DELETE … RETURNING`).
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export function createMemoryNonceStore(
  parameters: CreateMemoryNonceStoreParameters = {},
): SiwxNonceStore {
  const ttl = Math.min(Math.max(parameters.ttl ?? maxTtl, 1), maxTtl)
  const now = parameters.now ?? Date.now
  const maxSize = parameters.maxSize ?? 100_000
  const nonces = new Map<string, number>()

  function sweep(time: number) {
    for (const [nonce, expires] of nonces) if (expires <= time) nonces.delete(nonce)
  }

  return {
    async issue() {
      const time = now()
      if (nonces.size >= maxSize) sweep(time)
      while (nonces.size >= maxSize) {
        const oldest = nonces.keys().next().value
        if (oldest === undefined) break
        nonces.delete(oldest)
      }
      const nonce = generateSiwxNonce()
      nonces.set(nonce, time + ttl)
      return nonce
    },
    async consume(nonce) {
      const expires = nonces.get(nonce)
      nonces.delete(nonce)
      return expires !== undefined && expires > now()
    },
  }
}
