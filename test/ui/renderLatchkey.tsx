import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import {
  type Chain,
  custom,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  type Transport,
} from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { createConfig, injected, WagmiProvider } from 'wagmi'
import type { LatchkeyOptions } from '../../src/schemas/options'
import { LatchkeyProvider } from '../../ui/LatchkeyProvider'
import { createFakeWallet } from './fakeWallet'

/** A data: icon, as an EIP-6963 announcement carries. */
export const testIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4='

/** 10000 ETH in wei, as anvil's dev accounts hold. */
const balance = `0x${(10_000n * 10n ** 18n).toString(16)}`

// viem reads native balances with Multicall3's getEthBalance, batched into one aggregate3 eth_call
function answerCall(data: Hex): Hex {
  const { args } = decodeFunctionData({ abi: multicall3Abi, data })
  const calls = (args?.[0] ?? []) as readonly unknown[]
  const returnData = encodeAbiParameters([{ type: 'uint256' }], [10_000n * 10n ** 18n])
  return encodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    result: calls.map(() => ({ success: true, returnData })),
  })
}

/** A fake RPC of both chains: 10000 ETH for every address, Multicall3 answered, chain id 1. */
export const fakeChainTransport = custom({
  async request({ method, params }: { method: string; params?: unknown }) {
    if (method === 'eth_getBalance') return balance
    if (method === 'eth_call') return answerCall((params as [{ data: Hex }])[0].data)
    if (method === 'eth_chainId') return '0x1'
    return null
  },
})

/** Options of {@link renderLatchkey}. */
export interface RenderLatchkeyOptions {
  options?: LatchkeyOptions
  /** Extra injected wallets, as EIP-6963 would announce them. */
  extraWallets?: { id: string; name: string }[]
  /** Wraps the whole tree (an error boundary, for instance). */
  wrap?: ((tree: ReactNode) => ReactNode) | undefined
  /** The RPC of both chains. @default a fake RPC answering 10000 ETH */
  transport?: Transport | undefined
  /** The two chains (ids 1 and 56). @default viem's mainnet and bsc */
  chains?: [Chain, Chain] | undefined
}

/** Renders `ui` inside wagmi (fake injected wallet, fake RPC), react-query and LatchkeyProvider. */
export function renderLatchkey(
  ui: ReactNode,
  {
    options = {},
    extraWallets = [],
    wrap = (tree) => tree,
    transport = fakeChainTransport,
    chains = [mainnet, bsc],
  }: RenderLatchkeyOptions = {},
) {
  const wallet = createFakeWallet()
  const config = createConfig({
    chains,
    multiInjectedProviderDiscovery: false,
    storage: null,
    connectors: [
      injected({
        target: () => ({
          id: 'dev.latchkey.testwallet',
          name: 'Latchkey Test Wallet',
          icon: testIcon,
          provider: wallet.provider as never,
        }),
      }),
      ...extraWallets.map((w) =>
        injected({
          target: () => ({ ...w, icon: testIcon, provider: createFakeWallet().provider as never }),
        }),
      ),
    ],
    transports: { [mainnet.id]: transport, [bsc.id]: transport },
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const result = render(
    wrap(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={queryClient}>
          <LatchkeyProvider options={options}>{ui}</LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>,
    ),
  )
  return { ...result, wallet, config }
}
