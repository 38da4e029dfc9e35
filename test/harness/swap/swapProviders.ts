import { type Client, createWalletClient, http } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createOneInchSwapProvider } from '../../../src/swap/createOneInchSwapProvider'
import { createZeroExSwapProvider } from '../../../src/swap/createZeroExSwapProvider'
import type { SwapFee, SwapProvider } from '../../../src/swap/swapTypes'
import type { SwapLabParts } from './startSwapLab'

/** Where the providers' requests go: the quote API itself, or `latchkey serve` before it. */
export interface ProviderBase {
  zeroExUrl: string
  oneInchUrl: string
  apiKey?: string | undefined
  fetch?: typeof globalThis.fetch | undefined
}

/** The three real adapters pointed at the lab, trusting its router and Permit2. */
export function labProviders(
  { lab, api }: SwapLabParts,
  { fee, base }: { fee?: SwapFee; base?: ProviderBase } = {},
): { allowanceHolder: SwapProvider; permit2: SwapProvider; oneInch: SwapProvider } {
  const to = base ?? { zeroExUrl: api.zeroExUrl, oneInchUrl: api.oneInchUrl, apiKey: api.apiKey }
  const chainId = lab.chain.id
  const shared = { apiKey: to.apiKey, fee, fetch: to.fetch }
  return {
    allowanceHolder: createZeroExSwapProvider({
      ...shared,
      baseUrl: to.zeroExUrl,
      contracts: { [chainId]: { targets: [lab.router], spender: lab.router } },
    }),
    permit2: createZeroExSwapProvider({
      ...shared,
      baseUrl: to.zeroExUrl,
      mode: 'permit2',
      contracts: {
        [chainId]: { targets: [lab.router], spender: lab.permit2, permit2: lab.permit2 },
      },
    }),
    oneInch: createOneInchSwapProvider({
      ...shared,
      baseUrl: to.oneInchUrl,
      contracts: { [chainId]: { targets: [lab.router], spender: lab.router } },
    }),
  }
}

/** A wallet client of `account` on the lab's chain (it signs locally). */
export function labWallet({ lab }: SwapLabParts, account: PrivateKeyAccount): Client {
  return createWalletClient({ account, chain: lab.chain, transport: http(lab.rpcUrl) })
}
