import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

/** WalletConnect's own relay; pass it as `relayUrl` (with a `projectId`) to use their cloud. */
export const walletConnectCloudRelayUrl = 'wss://relay.walletconnect.org'

// A relay of your own ignores it; core only needs 32 characters it never checks locally.
const placeholderProjectId = '0'.repeat(32)

/** How long a pairing waits for the relay to take its proposal, by default (10 s). */
export const defaultRelayTimeoutMs = 10_000

/** The relay URL and project id the SDK gets, and the relay deadline, checked. */
export interface ResolvedRelay {
  relayUrl: string
  projectId: string
  /** Milliseconds a pairing waits for the relay before `RelayUnreachableError`. */
  relayTimeoutMs: number
}

function isWalletConnectHost(hostname: string): boolean {
  return /(^|\.)walletconnect\.(org|com)$/i.test(hostname)
}

/**
 * Checks the relay options: `relayUrl` is required (nothing reaches WalletConnect's cloud unless
 * the host names it), must be ws: or wss:, WalletConnect's own relay needs a `projectId`, and
 * `relayTimeoutMs` is a positive number of milliseconds.
 * @throws {OptionsValidationError}
 */
export function resolveRelay({
  relayUrl,
  projectId,
  relayTimeoutMs,
}: {
  relayUrl: unknown
  projectId?: unknown
  relayTimeoutMs?: unknown
}): ResolvedRelay {
  if (typeof relayUrl !== 'string' || relayUrl === '')
    throw new OptionsValidationError({
      option: 'walletConnect.relayUrl',
      reason: `Expected a ws: or wss: URL (your relay, or walletConnectCloudRelayUrl with a projectId).`,
    })
  let url: URL
  try {
    url = new URL(relayUrl)
  } catch {
    throw new OptionsValidationError({ option: 'walletConnect.relayUrl', reason: 'Invalid URL.' })
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new OptionsValidationError({
      option: 'walletConnect.relayUrl',
      reason: `Expected a ws: or wss: URL, received "${url.protocol}".`,
    })
  if (projectId !== undefined && (typeof projectId !== 'string' || projectId.trim() === ''))
    throw new OptionsValidationError({
      option: 'walletConnect.projectId',
      reason: 'Expected a non-empty string.',
    })
  if (projectId === undefined && isWalletConnectHost(url.hostname))
    throw new OptionsValidationError({
      option: 'walletConnect.projectId',
      reason: "WalletConnect's relay needs a projectId.",
    })
  if (
    relayTimeoutMs !== undefined &&
    (typeof relayTimeoutMs !== 'number' ||
      !Number.isFinite(relayTimeoutMs) ||
      relayTimeoutMs <= 0 ||
      relayTimeoutMs > 2_147_483_647)
  )
    throw new OptionsValidationError({
      option: 'walletConnect.relayTimeoutMs',
      reason: 'Expected a positive number of milliseconds.',
    })
  return {
    relayUrl,
    projectId: projectId ?? placeholderProjectId,
    relayTimeoutMs: relayTimeoutMs ?? defaultRelayTimeoutMs,
  }
}
