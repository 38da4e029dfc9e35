import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  type AnalyticsServerProcess,
  startAnalyticsServer,
} from '../../../test/harness/startAnalyticsServer'
import { type ChainDataStandIn, startChainDataStandIn } from '../../../test/ui/chainDataStandIn'
import { account, openAccountTab, panelText } from '../../../test/ui/openAccountTab'

await import('./AccountPanels')

const other = `0x${'b0'.repeat(20)}`
const now = Date.now()
const lastYear = new Date(now).getFullYear() - 1

let server: ChainDataStandIn
let analytics: AnalyticsServerProcess
beforeAll(async () => {
  analytics = await startAnalyticsServer({
    directory: {},
    allowedOrigins: { activity: [window.location.origin] },
  })
}, 60_000)
afterAll(() => analytics?.close())
beforeEach(async () => {
  server = await startChainDataStandIn()
})
afterEach(() => server.close())

function tx(
  id: string,
  {
    operationType = 'send',
    direction = 'out',
    minedAt = new Date(now - 60_000).toISOString(),
    chain = 'eip155:1',
    symbol = 'TST',
    numeric = '1.25',
    spam,
  }: {
    operationType?: string
    direction?: 'in' | 'out' | 'self'
    minedAt?: string
    chain?: string
    symbol?: string
    numeric?: string
    spam?: boolean
  } = {},
) {
  const outgoing = direction !== 'in'
  return {
    id,
    metadata: {
      operationType,
      hash: id,
      status: 'confirmed',
      sentFrom: outgoing ? account : other,
      sentTo: outgoing ? other : account,
      minedAt,
      chain,
    },
    transfers: [
      {
        direction,
        sender: outgoing ? account : other,
        recipient: outgoing ? other : account,
        quantity: { numeric },
        ...(spam === undefined
          ? { fungible_info: { name: symbol, symbol, icon: { url: null } } }
          : {
              nft_info: {
                name: `Free #${id}`,
                collection: 'Free',
                token_id: '1',
                content: { preview: { url: null } },
                flags: { is_spam: spam },
              },
            }),
      },
    ],
  }
}

const rows = () =>
  Array.from(
    document.querySelectorAll('[data-lk-virtual-item]'),
    (item) =>
      item.querySelector('[data-lk-activity-month]')?.textContent ??
      `${item.querySelector('[data-lk-token-name]')?.textContent} ${item.querySelector('[data-lk-activity-amount]')?.textContent}`,
  )

const history = () => server.requests.filter((request) => request.startsWith('history'))

const monthOf = (time: number, withYear: boolean) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', ...(withYear && { year: 'numeric' }) }).format(
    time,
  )

describe('Activity panel', () => {
  test('default: grouped by month newest first, this chain only, spam-only dropped, signs of SPEC §4', async () => {
    server.routes.history = () => ({
      body: {
        data: [
          tx('0xold', {
            operationType: 'receive',
            direction: 'in',
            minedAt: `${lastYear}-03-15T12:00:00Z`,
            symbol: 'ETH',
            numeric: '0.5',
          }),
          tx('0xsend'),
          tx('0xbsc', { chain: 'eip155:56' }),
          tx('0xspam', { operationType: 'receive', direction: 'in', spam: true }),
          tx('0xmint', {
            operationType: 'mint',
            direction: 'in',
            minedAt: new Date(now - 120_000).toISOString(),
            symbol: 'LNFT',
            numeric: '2',
          }),
          tx('0xburn', {
            operationType: 'burn',
            direction: 'out',
            minedAt: new Date(now - 180_000).toISOString(),
            numeric: '0.1',
          }),
        ],
        next: null,
      },
    })
    await openAccountTab('activity', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('activity-list')
    expect(rows()).toEqual([
      monthOf(now, false),
      'Sent -1.250 TST',
      'Minted +2.000 LNFT',
      'Burned -0.100 TST',
      monthOf(Date.parse(`${lastYear}-03-15T12:00:00Z`), true),
      'Received +0.500 ETH',
    ])
    expect(panelText()).not.toContain('Free')
    expect(history()).toEqual(['history?chainId=1'])
  })

  test('behavior: paging by cursor: Load more appends the next page and disappears on the last', async () => {
    server.routes.history = (query) =>
      query.get('cursor') === 'page-2'
        ? {
            body: {
              data: [tx('0xsecond', { minedAt: new Date(now - 86_400_000 * 400).toISOString() })],
              next: null,
            },
          }
        : { body: { data: [tx('0xfirst')], next: 'page-2' } }
    await openAccountTab('activity', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('activity-list')
    expect(rows()).toHaveLength(2)
    fireEvent.click(screen.getByTestId('activity-more'))
    await waitFor(() => expect(rows()).toHaveLength(4))
    expect(history()).toEqual(['history?chainId=1', 'history?chainId=1&cursor=page-2'])
    expect(screen.queryByTestId('activity-more')).toBeNull()
  })

  test("error: a failed fetch emits ERROR_FETCH_TRANSACTIONS, shows 'Failed to fetch transactions', the list empty and no cursor", async () => {
    server.routes.history = (query) =>
      query.get('cursor') === 'page-2'
        ? { status: 502, body: { error: { name: 'BadGateway' } } }
        : { body: { data: [tx('0xfirst')], next: 'page-2' } }
    await openAccountTab('activity', {
      options: {
        projectId: 'activity',
        analytics: { url: analytics.url },
        chainData: { url: server.url },
      },
    })
    await screen.findByTestId('activity-list')
    fireEvent.click(screen.getByTestId('activity-more'))
    const notice = await screen.findByTestId('activity-error')
    expect(notice.textContent).toContain('Failed to fetch transactions')
    expect(screen.getByTestId('toast').textContent).toBe('Failed to fetch transactions')
    // the list is empty (the first page is gone too) and there is no next page to ask for
    expect(screen.queryByTestId('activity-list')).toBeNull()
    expect(screen.queryByTestId('activity-more')).toBeNull()
    await waitFor(async () => {
      const events = (await analytics.listEvents('activity')).map(
        (row) => (JSON.parse(row.props) as { event: string }).event,
      )
      expect(events).toContain('ERROR_FETCH_TRANSACTIONS')
    })

    // Retry reads again from the first page
    server.routes.history = () => ({ body: { data: [tx('0xfirst')], next: null } })
    fireEvent.click(screen.getByTestId('activity-error-retry'))
    await waitFor(() => expect(rows()).toHaveLength(2))
  })

  test('behavior: no activity is the empty state', async () => {
    server.routes.history = () => ({ body: { data: [], next: null } })
    await openAccountTab('activity', { options: { chainData: { url: server.url } } })
    await waitFor(() => expect(panelText()).toContain('No activity yet'))
  })

  test('behavior: 1,000 transactions render only the rows in view', async () => {
    const many = Array.from({ length: 1_000 }, (_, index) =>
      tx(`0x${index}`, { minedAt: new Date(now - index * 3_600_000).toISOString() }),
    )
    server.routes.history = () => ({ body: { data: many, next: null } })
    await openAccountTab('activity', { options: { chainData: { url: server.url } } })
    const list = await screen.findByTestId('activity-list')
    expect(list.querySelectorAll('li').length).toBeGreaterThan(4)
    expect(list.querySelectorAll('li').length).toBeLessThan(24)
    expect(Number.parseInt(list.style.height, 10)).toBeGreaterThan(1_000 * 60)
  })
})
