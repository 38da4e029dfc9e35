/**
 * The swap lab of `npm run dev` (issue 15): our pools, router and tokens deployed on the chain-1
 * anvil, the loopback quote API in the 0x and 1inch shapes over them, and the playground's `swap`
 * option (Swap through the dev Latchkey server's forwarder, which holds the quote API's key).
 * The test wallet (anvil account 0) gets LAB and USDL to swap.
 */
import { parseEther, parseUnits } from 'viem'
import type { SwapOption } from '../src/schemas/options'
import { anvilAccounts } from '../test/harness/deployTokens'
import { deploySwapLab, type SwapLab } from '../test/harness/swap/deploySwapLab'
import { type SwapQuoteApi, startSwapQuoteApi } from '../test/harness/swap/startSwapQuoteApi'

/** The running lab and the server option that forwards to it. */
export interface DevSwapLab {
  lab: SwapLab
  api: SwapQuoteApi
  /** `createLatchkeyServer`'s `swap` option: the quote API with its key. */
  serverOption: {
    zeroEx: { apiKey: string; baseUrl: string }
    oneInch: { apiKey: string; baseUrl: string }
  }
  /** The playground's `swap` option once the server listens at `serverUrl`. */
  playgroundOption(serverUrl: string): SwapOption
  stop(): Promise<void>
}

/** Deploys the lab on `rpcUrl` (chain 1) and starts its quote API. */
export async function startDevSwapLab(rpcUrl: string): Promise<DevSwapLab> {
  const lab = await deploySwapLab(rpcUrl, 1)
  const [wallet] = anvilAccounts as [(typeof anvilAccounts)[0]]
  await lab.mint(lab.lab, wallet.address, parseEther('5000'))
  await lab.mint(lab.usdl, wallet.address, parseUnits('2500', 6))
  const api = await startSwapQuoteApi(lab)
  return {
    lab,
    api,
    serverOption: {
      zeroEx: { apiKey: api.apiKey, baseUrl: api.zeroExUrl },
      oneInch: { apiKey: api.apiKey, baseUrl: api.oneInchUrl },
    },
    playgroundOption: (serverUrl) => labSwapOption(lab, serverUrl),
    stop: () => api.close(),
  }
}

/** The `swap` option of a playground swapping in `lab` through the server at `url`. */
export function labSwapOption(
  lab: Pick<SwapLab, 'router' | 'lab' | 'usdl' | 'lone'>,
  url: string,
): SwapOption {
  return {
    url,
    provider: '0x',
    contracts: { 1: { targets: [lab.router], spender: lab.router } },
    tokens: {
      1: [
        { address: lab.lab, name: 'Lab Token', symbol: 'LAB', decimals: 18 },
        { address: lab.usdl, name: 'Lab Dollar', symbol: 'USDL', decimals: 6 },
        { address: lab.lone, name: 'Lonely', symbol: 'LONE', decimals: 18 },
      ],
    },
  }
}
