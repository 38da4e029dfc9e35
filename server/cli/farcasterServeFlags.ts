import { jsonFile } from './dataFlagValues'
import type { ServeFlag } from './serveFlagValues'

/**
 * The Farcaster login flag (issue 14): the whole `farcaster` option from a JSON file (`{}` turns
 * it on with Farcaster's public relay and Optimism's public RPC).
 */
export const farcasterServeFlags: readonly ServeFlag[] = [
  {
    name: 'farcaster',
    option: 'farcaster',
    takes: 'value',
    placeholder: '<file.json>',
    description:
      'Sign In With Farcaster as JSON: { relayUrl?, rpcUrl?, flowTtlMs?, pollIntervalMs?, waitMs?, timeoutMs? } (server/API.md "Farcaster login"); {} uses the public relay and RPC; none: off, nothing is contacted',
    read: jsonFile,
  },
]
