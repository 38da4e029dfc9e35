import { NoActiveCaipAddressError } from '../errors/NoActiveCaipAddressError'
import { NoActiveCaipNetworkError } from '../errors/NoActiveCaipNetworkError'
import { NoConnectionClientError } from '../errors/NoConnectionClientError'
import { SiwxNotEnabledError } from '../errors/SiwxNotEnabledError'
import type { SiwxAdapter } from './SiwxAdapter'

/** What sign-in needs before it can start (SPEC §5). */
export type AssertSiwxReadyParameters<client> = {
  siwx: SiwxAdapter | undefined
  caipAddress: string | undefined
  caipNetwork: string | undefined
  /** The network's client (e.g. the wagmi chain in config). */
  networkClient: unknown
  /** The connection able to sign a message (e.g. wagmi's connector client). */
  connectionClient: client | undefined
}

/**
 * Throws the SPEC §8 sign-in failure for the first missing piece: config ('SIWX is not
 * enabled'), address, network or its client, connection client; otherwise narrows the inputs.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function assertSiwxReady<client>(
  parameters: AssertSiwxReadyParameters<client>,
): asserts parameters is AssertSiwxReadyParameters<client> & {
  siwx: SiwxAdapter
  caipAddress: string
  caipNetwork: string
  connectionClient: client
} {
  if (!parameters.siwx) throw new SiwxNotEnabledError()
  if (!parameters.caipAddress) throw new NoActiveCaipAddressError()
  if (!parameters.caipNetwork || !parameters.networkClient) throw new NoActiveCaipNetworkError()
  if (!parameters.connectionClient) throw new NoConnectionClientError()
}
