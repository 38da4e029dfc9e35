import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

/** WalletConnect's own relay; pass it as `relayUrl` (with a `projectId`) to use their cloud. */
export const walletConnectCloudRelayUrl = 'wss://relay.walletconnect.org'

// A relay of your own ignores it; core only needs 32 characters it never checks locally.
const placeholderProjectId = '0'.repeat(32)

/** The relay URL and project id the SDK gets, checked. */
export interface ResolvedRelay {
  relayUrl: string
  projectId: string
}

function isWalletConnectHost(hostname: string): boolean {
  return /(^|\.)walletconnect\.(org|com)$/i.test(hostname)
}

/**
 * Checks the relay options: `relayUrl` is required (nothing reaches WalletConnect's cloud unless
 * the host names it), must be ws: or wss:, and WalletConnect's own relay needs a `projectId`.
 * @throws {OptionsValidationError}
 */
export function resolveRelay({
  relayUrl,
  projectId,
}: {
  relayUrl: unknown
  projectId?: unknown
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
  return { relayUrl, projectId: projectId ?? placeholderProjectId }
}
