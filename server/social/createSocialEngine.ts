import { SocialProviderNotConfiguredError } from '../../src/errors/SocialProviderNotConfiguredError'
import { loadPeer } from '../loadPeer'
import { type ResolvedSocialProvider, resolveSocialProvider } from './resolveSocialProvider'
import type { SocialOptions } from './socialOptions'
import type { KeySet } from './verifyIdToken'

/** The configured providers of one server, resolved and their keys cached on first use. */
export interface SocialEngine {
  /** Ids of the configured providers. */
  providerIds: readonly string[]
  /** A provider's endpoints (discovery on first use); `SocialProviderNotConfiguredError` when not configured. */
  provider(id: string): Promise<ResolvedSocialProvider>
  /** The signing keys of a provider's JWKS URL (jose fetches them, and again for an unknown `kid`). */
  keys(provider: ResolvedSocialProvider): Promise<KeySet>
  /** Deadline of each call to a provider, in ms. */
  timeoutMs: number
  /** How long a started login may take. */
  flowTtlMs: number
}

/**
 * Makes the social engine of a server: nothing is contacted until a configured provider is
 * first used (a login starts), and a failed discovery is tried again on the next use.
 */
export function createSocialEngine(options: SocialOptions | undefined): SocialEngine {
  const configured = options?.providers ?? {}
  const timeoutMs = options?.timeoutMs ?? 10_000
  const providers = new Map<string, Promise<ResolvedSocialProvider>>()
  const keySets = new Map<string, KeySet>()
  return {
    providerIds: Object.keys(configured),
    timeoutMs,
    flowTtlMs: options?.flowTtlMs ?? 600_000,
    provider(id) {
      const entry = Object.hasOwn(configured, id) ? configured[id] : undefined
      if (!entry) return Promise.reject(new SocialProviderNotConfiguredError({ provider: id }))
      let resolved = providers.get(id)
      if (!resolved) {
        resolved = resolveSocialProvider(id, entry, timeoutMs)
        providers.set(id, resolved)
        resolved.catch(() => providers.delete(id))
      }
      return resolved
    },
    async keys(provider) {
      const url = provider.jwksUrl ?? ''
      let keys = keySets.get(url)
      if (!keys) {
        const { createRemoteJWKSet } = await loadPeer('jose', () => import('jose'))
        keys = createRemoteJWKSet(new URL(url), { timeoutDuration: timeoutMs })
        keySets.set(url, keys)
      }
      return keys
    },
  }
}
