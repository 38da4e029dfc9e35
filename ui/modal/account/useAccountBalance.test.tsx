import { fireEvent, screen, waitFor } from '@testing-library/react'
import {
  custom,
  decodeFunctionData,
  defineChain,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  toFunctionSelector,
} from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type ChainDataStandIn, startChainDataStandIn } from '../../../test/ui/chainDataStandIn'
import { openAccountTab } from '../../../test/ui/openAccountTab'

await import('./AccountPanels')

let server: ChainDataStandIn
beforeEach(async () => {
  server = await startChainDataStandIn()
})
afterEach(() => server.close())

const ether = 10n ** 18n
const getEthBalance = toFunctionSelector('getEthBalance(address)')
const uint = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])

/**
 * A chain RPC that logs every request (method and chain) and answers a native balance of
 * `wei.value` (eth_getBalance, or Multicall3's getEthBalance inside an aggregate3) and 4 of every
 * token; a deployless multicall (no `to`) answers `deploylessCalls` token balances.
 */
function countingChain({ deploylessCalls = 0 } = {}) {
  const calls: string[] = []
  const wei = { value: 3n * ether }
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      calls.push(method)
      if (method === 'eth_chainId') return '0x1'
      if (method === 'eth_getBalance') return `0x${wei.value.toString(16)}`
      if (method === 'eth_call') {
        const [call] = params as [{ to?: Hex; data: Hex }]
        if (!call.to)
          return encodeFunctionResult({
            abi: multicall3Abi,
            functionName: 'aggregate3',
            result: Array.from({ length: deploylessCalls }, () => ({
              success: true,
              returnData: uint(4n * ether),
            })),
          })
        const { args } = decodeFunctionData({ abi: multicall3Abi, data: call.data })
        const inner = (args?.[0] ?? []) as readonly { callData: Hex }[]
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          result: inner.map(({ callData }) => ({
            success: true,
            returnData: uint(callData.startsWith(getEthBalance) ? wei.value : 4n * ether),
          })),
        })
      }
      return null
    },
  })
  return { calls, wei, transport }
}

const listed = {
  1: [
    { address: `0x${'cd'.repeat(20)}` as const, name: 'Chain Token', symbol: 'CHT', decimals: 18 },
  ],
}
const header = () => screen.getByTestId('account-balance').textContent
const button = () => screen.getByTestId('account-button').textContent

describe('opening Account', () => {
  test('default: with a data server, one balance answer for the header and the Tokens tab; no chain call', async () => {
    server.routes.balance = () => ({
      body: {
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:1',
            quantity: { decimals: '18', numeric: '2.5' },
            iconUrl: null,
          },
        ],
        unavailable: [],
      },
    })
    const chain = countingChain()
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        chain.calls.length = 0
      },
      transport: chain.transport,
      options: { chainData: { url: server.url } },
    })
    await screen.findByTestId('token-ETH')
    await waitFor(() => expect(header()).toBe('2.500 ETH'))
    expect(button()).toContain('2.500 ETH')
    expect(server.requests).toEqual(['balance?chainId=1'])
    expect(chain.calls).toEqual([])
  })

  test('behavior: switching to BSC costs one balance answer for chain 56, and no chain call', async () => {
    server.routes.balance = (query) => {
      const bnb = query.get('chainId') === '56'
      return {
        body: {
          balances: [
            {
              name: bnb ? 'BNB' : 'Ether',
              symbol: bnb ? 'BNB' : 'ETH',
              chainId: `eip155:${query.get('chainId')}`,
              quantity: { decimals: '18', numeric: bnb ? '6' : '2.5' },
              iconUrl: null,
            },
          ],
          unavailable: [],
        },
      }
    }
    const chain = countingChain()
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        chain.calls.length = 0
      },
      transport: chain.transport,
      options: { chainData: { url: server.url } },
    })
    await waitFor(() => expect(header()).toBe('2.500 ETH'))
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    await screen.findByTestId('token-BNB', {}, { timeout: 5_000 })
    await waitFor(() => expect(header()).toBe('6.000 BNB'))
    expect(server.requests).toEqual(['balance?chainId=1', 'balance?chainId=56'])
    expect(chain.calls).toEqual([])
  })

  test('behavior: without a data server, one Multicall3 eth_call carries the native balance and the token list', async () => {
    const chain = countingChain()
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        chain.calls.length = 0
        chain.wei.value = 7n * ether
      },
      transport: chain.transport,
      options: { chainData: { tokens: listed } },
    })
    await screen.findByTestId('token-CHT')
    // the button showed 3 ETH; the header and the button now show the open's one read
    await waitFor(() => expect(header()).toBe('7.000 ETH'))
    expect(button()).toContain('7.000 ETH')
    expect(chain.calls).toEqual(['eth_call'])
  })

  test('behavior: a balance changed since the last open shows on the next open, still one call', async () => {
    const chain = countingChain()
    await openAccountTab('tokens', { transport: chain.transport })
    await waitFor(() => expect(header()).toBe('3.000 ETH'))
    chain.calls.length = 0
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // closing costs nothing: the button takes the balance Account just read
    expect(button()).toContain('3.000 ETH')
    chain.wei.value = 1n * ether
    fireEvent.click(screen.getByTestId('account-button'))
    await waitFor(() => expect(header()).toBe('1.000 ETH'))
    await waitFor(() => expect(button()).toContain('1.000 ETH'))
    expect(chain.calls).toEqual(['eth_call'])
  })

  test('behavior: without a data server and without a Multicall3, eth_getBalance and one deployless eth_call', async () => {
    const chain = countingChain({ deploylessCalls: 1 })
    const bare = (base: typeof mainnet | typeof bsc) => defineChain({ ...base, contracts: {} })
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        chain.calls.length = 0
      },
      transport: chain.transport,
      chains: [bare(mainnet), bare(bsc)],
      options: { chainData: { tokens: listed } },
    })
    await screen.findByTestId('token-CHT')
    await waitFor(() => expect(header()).toBe('3.000 ETH'))
    expect(chain.calls.toSorted()).toEqual(['eth_call', 'eth_getBalance'])
  })

  test('error: a failed balance answer leaves the header to ask the chain once', async () => {
    server.routes.balance = () => ({ status: 500, body: { error: { name: 'InternalError' } } })
    const chain = countingChain()
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        chain.calls.length = 0
        chain.wei.value = 5n * ether
      },
      transport: chain.transport,
      options: { chainData: { url: server.url } },
    })
    await screen.findByTestId('tokens-unavailable')
    await waitFor(() => expect(header()).toBe('5.000 ETH'))
    expect(server.requests).toEqual(['balance?chainId=1'])
    expect(chain.calls).toEqual(['eth_getBalance'])
  })
})
