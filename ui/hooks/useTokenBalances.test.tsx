import { act, screen, waitFor } from '@testing-library/react'
import {
  custom,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { fakeAccount } from '../../test/ui/fakeWallet'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { useTokenBalances } from './useTokenBalances'

const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const token = '0x00000000000000000000000000000000000000aa'
const getEthBalance = '0x4d2301cc'
const tokens = { 1: [{ address: token, name: 'Test Token', symbol: 'TST', decimals: 6 }] } as const

/** A chain RPC: 2 ETH, 1.5 TST through Multicall3; counts requests; can be switched off. */
function chainRpc() {
  const state = { calls: [] as string[], down: false }
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      state.calls.push(method)
      if (state.down) throw new Error('node down')
      if (method === 'eth_chainId') return '0x1'
      if (method === 'eth_getBalance') return `0x${(2n * 10n ** 18n).toString(16)}`
      if (method === 'eth_call') {
        const { args } = decodeFunctionData({
          abi: multicall3Abi,
          data: (params as [{ data: Hex }])[0].data,
        })
        // wagmi's client batches getBalance into Multicall3's getEthBalance too
        const calls = (args?.[0] ?? []) as readonly { callData: Hex }[]
        const value = (call: { callData: Hex }) =>
          call.callData.startsWith(getEthBalance) ? 2n * 10n ** 18n : 1_500_000n
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          result: calls.map((call) => ({
            success: true,
            returnData: encodeAbiParameters([{ type: 'uint256' }], [value(call)]),
          })),
        })
      }
      return null
    },
  })
  return { transport, state }
}

function Balances({ id }: { id: string }) {
  const { data, error, status, refetch } = useTokenBalances({
    address: fakeAccount,
    chainId: 1,
    tokens,
    multicallAddress: { 1: multicall3 },
  })
  return (
    <div>
      <output data-testid={id}>
        {status}|{data?.locked ? 'locked' : ''}|
        {data?.balances.map((b) => `${b.symbol}=${b.quantity.numeric}`).join(',')}|
        {error?.shortMessage ?? ''}
      </output>
      <button type="button" onClick={() => refetch()}>
        retry {id}
      </button>
    </div>
  )
}

describe('useTokenBalances', () => {
  test('default: native and token balances from the chain, one read shared by two components', async () => {
    const { transport, state } = chainRpc()
    renderLatchkey(
      <>
        <Balances id="a" />
        <Balances id="b" />
      </>,
      { transport },
    )
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('success||ETH=2,TST=1.5|'))
    expect(screen.getByTestId('b').textContent).toBe('success||ETH=2,TST=1.5|')
    // one read for both components: one aggregate3 for the native balance (Multicall3's
    // getEthBalance) and the whole token list
    expect(state.calls.filter((m) => m !== 'eth_chainId')).toEqual(['eth_call'])
  })

  test("error: a failed read shows 'Token Balance Unavailable'; a retry within 30 s answers empty without asking", async () => {
    const { transport, state } = chainRpc()
    state.down = true
    renderLatchkey(<Balances id="a" />, { transport })
    await waitFor(
      () => expect(screen.getByTestId('a').textContent).toBe('error|||Token Balance Unavailable'),
      { timeout: 10_000 },
    )
    const asked = state.calls.length
    state.down = false
    await act(async () => screen.getByText('retry a').click())
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('success|locked||'))
    expect(state.calls.length).toBe(asked)
  })
})
