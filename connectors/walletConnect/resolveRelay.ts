import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

/** WalletConnect's own relay; pass it as `relayUrl` (with a `projectId`) to use their cloud. */
export const walletConnectCloudRelayUrl = 'wss://relay.walletconnect.org'

// A relay of your own ignores it; core only needs 32 characters it never checks locally.
const placeholderProjectId = '0'.repeat(32)

/** How long a pairing waits for the relay to take its proposal, by default (10 s). */
export const defaultRelayTimeoutMs = 10_000

/** How long a request waits for the wallet's answer, by default: the SDK's request TTL (5 min). */
export const defaultRequestTimeoutMs = 300_000

/** The relay URL and project id the SDK gets, and the relay and request deadlines, checked. */
export interface ResolvedRelay {
  relayUrl: string
  projectId: string
  /** Milliseconds a pairing waits for the relay before `RelayUnreachableError`. */
  relayTimeoutMs: number
  /** Milliseconds a request waits for the wallet before `WalletConnectRequestExpiredError`. */
  requestTimeoutMs: number
}

// setTimeout's range: a larger delay fires at once.
const isTimeout = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2_147_483_647

function isWalletConnectHost(hostname: string): boolean {
  return /(^|\.)walletconnect\.(org|com)$/i.test(hostname)
}

/**
 * Checks the relay options: `relayUrl` is required (nothing reaches WalletConnect's cloud unless
 * the host names it), must be ws: or wss:, WalletConnect's own relay needs a `projectId`, and
 * `relayTimeoutMs` and `requestTimeoutMs` are positive numbers of milliseconds.
 * @throws {OptionsValidationError}
 */
export function resolveRelay({
  relayUrl,
  projectId,
  relayTimeoutMs,
  requestTimeoutMs,
}: {
  relayUrl: unknown
  projectId?: unknown
  relayTimeoutMs?: unknown
  requestTimeoutMs?: unknown
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
  for (const [option, value] of [
    ['relayTimeoutMs', relayTimeoutMs],
    ['requestTimeoutMs', requestTimeoutMs],
  ] as const)
    if (value !== undefined && !isTimeout(value))
      throw new OptionsValidationError({
        option: `walletConnect.${option}`,
        reason: 'Expected a positive number of milliseconds.',
      })
  return {
    relayUrl,
    projectId: projectId ?? placeholderProjectId,
    relayTimeoutMs: (relayTimeoutMs as number | undefined) ?? defaultRelayTimeoutMs,
    requestTimeoutMs: (requestTimeoutMs as number | undefined) ?? defaultRequestTimeoutMs,
  }
}
