import type { Address } from 'viem'
import type { SwapOption } from '../schemas/options'
import { createOneInchSwapProvider } from './createOneInchSwapProvider'
import { createZeroExSwapProvider } from './createZeroExSwapProvider'
import { swapOptionContracts } from './knownSwapContracts'
import { isSwapChain } from './swapChainIds'
import type { SwapContracts, SwapProvider } from './swapTypes'

/** Parameters of {@link createSwapProviderFromOption}. */
export interface CreateSwapProviderFromOptionParameters {
  option: SwapOption
  /** Sent as `?projectId=` so the server checks the page's origin against the project's. */
  projectId?: string | undefined
  fetch?: typeof globalThis.fetch | undefined
}

/**
 * The {@link SwapProvider} the `swap` option describes: the 0x or 1inch adapter pointed at the
 * option's `latchkey serve` (`/v1/swap/0x`, `/v1/swap/1inch`, no API key in the page), trusting
 * only the option's contracts (else the provider's published ones), on the chains both SPEC §9's
 * list and those contracts name.
 * @example createSwapProviderFromOption({ option: { url, contracts: { 1: { targets, spender } } } })
 */
export function createSwapProviderFromOption({
  option,
  projectId,
  fetch: fetcher,
}: CreateSwapProviderFromOptionParameters): SwapProvider {
  const base = option.url.replace(/\/$/, '')
  const contracts: Record<number, SwapContracts> = {}
  const trusted = swapOptionContracts(option)
  for (const [chainId, entry] of Object.entries(trusted))
    if (isSwapChain(Number(chainId), trusted))
      contracts[Number(chainId)] = {
        targets: entry.targets as Address[],
        spender: entry.spender as Address,
        permit2: entry.permit2 as Address | undefined,
      }
  const send = fetcher ?? ((input, init) => globalThis.fetch(input, init))
  const fetchWithProject: typeof globalThis.fetch = (input, init) => {
    if (!projectId) return send(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    url.searchParams.set('projectId', projectId)
    return send(url, init)
  }
  if (option.provider === '1inch')
    return createOneInchSwapProvider({
      baseUrl: `${base}/v1/swap/1inch`,
      contracts,
      fetch: fetchWithProject,
    })
  return createZeroExSwapProvider({
    baseUrl: `${base}/v1/swap/0x`,
    mode: option.mode ?? 'allowance-holder',
    contracts,
    fetch: fetchWithProject,
  })
}
