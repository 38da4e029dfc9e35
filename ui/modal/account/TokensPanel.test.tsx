import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { custom, decodeFunctionData, encodeFunctionResult, type Hex, multicall3Abi } from 'viem'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type ChainDataStandIn, startChainDataStandIn } from '../../../test/ui/chainDataStandIn'
import { openAccountTab, panelText } from '../../../test/ui/openAccountTab'

await import('./AccountPanels')

let server: ChainDataStandIn
beforeEach(async () => {
  server = await startChainDataStandIn()
})
afterEach(() => server.close())

const eth = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  quantity: { decimals: '18', numeric: '2.5' },
  iconUrl: null,
}
const token = (symbol: string, extra: Record<string, unknown> = {}) => ({
  name: `${symbol} Token`,
  symbol,
  chainId: 'eip155:1',
  address: `eip155:1:0x${symbol.toLowerCase().padStart(40, '0').slice(-40)}`,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: null,
  ...extra,
})

const rowTexts = () =>
  Array.from(document.querySelectorAll('[data-lk-token-row]'), (row) =>
    ['name', 'sub', 'amount', 'value']
      .map((part) => row.querySelector(`[data-lk-token-${part}]`)?.textContent ?? '')
      .join('|'),
  )

describe('Tokens panel', () => {
  test('default: native and ERC-20 rows with value and price where known; decimals 0 dropped; one balance call', async () => {
    server.routes.balance = () => ({
      body: {
        balances: [
          eth,
          token('TST', { value: 3, price: 2 }),
          token('LOW', { quantity: { decimals: '0', numeric: '7' } }),
        ],
        unavailable: [],
      },
    })
    await openAccountTab('tokens', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('token-TST')
    expect(rowTexts()).toEqual([
      'Ether|ETH|2.500 ETH|',
      'TST Token|TST · $2.00 each|1.500 TST|$3.00',
    ])
    expect(panelText()).not.toContain('LOW')
    // tab away and back: the cached answer, no second call
    fireEvent.click(screen.getByTestId('tab-activity'))
    fireEvent.click(screen.getByTestId('tab-tokens'))
    await screen.findByTestId('token-TST')
    expect(server.requests.filter((r) => r.startsWith('balance'))).toEqual(['balance?chainId=1'])
  })

  test('behavior: one balance call per chain: switching to BSC asks once for chain 56, nothing twice', async () => {
    server.routes.balance = (query) => ({
      body: {
        balances: [
          query.get('chainId') === '56'
            ? { ...eth, name: 'BNB', symbol: 'BNB', chainId: 'eip155:56' }
            : eth,
        ],
        unavailable: [],
      },
    })
    await openAccountTab('tokens', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('token-ETH')
    fireEvent.click(screen.getByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    await screen.findByTestId('token-BNB', {}, { timeout: 5_000 })
    expect(server.requests).toEqual(['balance?chainId=1', 'balance?chainId=56'])
  })

  test("behavior: a token whose balance could not be read shows '—' and a Retry, never 0", async () => {
    server.routes.balance = () => ({
      body: { balances: [eth], unavailable: [`eip155:1:0x${'ab'.repeat(20)}`] },
    })
    await openAccountTab('tokens', {
      options: {
        chainData: {
          url: server.url,
          tokens: {
            1: [{ address: `0x${'ab'.repeat(20)}`, name: 'Abba', symbol: 'ABB', decimals: 6 }],
          },
        },
      },
    })
    const row = await screen.findByTestId('token-ABB')
    expect(within(row).getByTestId('token-amount-ABB').textContent).toBe('—')
    expect(row.textContent).not.toMatch(/0\.000/)
    server.routes.balance = () => ({ body: { balances: [eth, token('ABB')], unavailable: [] } })
    fireEvent.click(within(row).getByRole('button', { name: 'Read the balances again' }))
    await waitFor(() =>
      expect(screen.getByTestId('token-amount-ABB').textContent).toBe('1.500 ABB'),
    )
  })

  test("error: a failed read shows 'Token Balance Unavailable', the toast and '—' with Retry", async () => {
    server.routes.balance = () => ({ status: 500, body: { error: { name: 'InternalError' } } })
    await openAccountTab('tokens', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('tokens-unavailable')
    expect(screen.getByTestId('tokens-unavailable').textContent).toBe('Token Balance Unavailable')
    expect(screen.getByTestId('toast').textContent).toBe('Token Balance Unavailable')
    expect(screen.getByTestId('token-amount-ETH').textContent).toBe('—')
    expect(panelText()).not.toMatch(/0\.0/)
    expect(screen.getByRole('button', { name: 'Read the balances again' })).toBeTruthy()
  })

  test('behavior: an empty answer is the empty state; a slow one shows the loading rows first', async () => {
    let answer: (value: { body: unknown }) => void = () => {}
    server.routes.balance = () => new Promise((done) => (answer = done))
    await openAccountTab('tokens', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('tokens-loading')
    await waitFor(() => expect(server.requests).toEqual(['balance?chainId=1']))
    answer({ body: { balances: [], unavailable: [] } })
    await waitFor(() => expect(panelText()).toContain('No tokens yet'))
  })

  test('behavior: 200 tokens render only the rows in view', async () => {
    const many = Array.from({ length: 200 }, (_, index) => token(`T${index}`))
    server.routes.balance = () => ({ body: { balances: [eth, ...many], unavailable: [] } })
    await openAccountTab('tokens', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('token-T0')
    const list = screen.getByTestId('token-list')
    expect(list.querySelectorAll('li').length).toBeGreaterThan(4)
    expect(list.querySelectorAll('li').length).toBeLessThan(20)
    expect(list.style.height).toBe(`${201 * 60}px`)
  })

  test('parameters: chainData.tokens without a url reads the chain in one multicall', async () => {
    const calls: string[] = []
    const transport = custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        calls.push(method)
        if (method === 'eth_chainId') return '0x1'
        if (method === 'eth_getBalance') return `0x${(10n ** 18n).toString(16)}`
        if (method === 'eth_call') {
          const { args } = decodeFunctionData({
            abi: multicall3Abi,
            data: (params as [{ data: Hex }])[0].data,
          })
          const inner = (args?.[0] ?? []) as readonly unknown[]
          return encodeFunctionResult({
            abi: multicall3Abi,
            functionName: 'aggregate3',
            result: inner.map(() => ({
              success: true,
              returnData: `0x${(4n * 10n ** 18n).toString(16).padStart(64, '0')}` as Hex,
            })),
          })
        }
        return null
      },
    })
    await openAccountTab('tokens', {
      onBeforeAccount: () => {
        calls.length = 0
      },
      transport,
      options: {
        chainData: {
          tokens: {
            1: [
              { address: `0x${'cd'.repeat(20)}`, name: 'Chain Token', symbol: 'CHT', decimals: 18 },
              { address: `0x${'ef'.repeat(20)}`, name: 'No decimals', symbol: 'NOD', decimals: 0 },
            ],
          },
        },
      },
    })
    await screen.findByTestId('token-CHT')
    expect(rowTexts()).toEqual(['Ether|ETH|4.000 ETH|', 'Chain Token|CHT|4.000 CHT|'])
    // opening Account: one aggregate3 for the native balance and the token list, which the
    // header's balance also comes from (every chain call counted)
    expect(calls).toEqual(['eth_call'])
    expect(server.requests).toEqual([])
  })
})
