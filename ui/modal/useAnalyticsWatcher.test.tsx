import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  type AnalyticsServerProcess,
  startAnalyticsServer,
} from '../../test/harness/startAnalyticsServer'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { ConnectButton } from '../ConnectButton'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let server: AnalyticsServerProcess
beforeAll(async () => {
  server = await startAnalyticsServer({
    directory: {},
    // the page under test is happy-dom's http://localhost:3000; project "elsewhere" allows another site
    allowedOrigins: {
      shop: [window.location.origin],
      switching: [window.location.origin],
      declined: [window.location.origin],
      elsewhere: ['https://elsewhere.test'],
    },
    rateLimits: { analyticsPerAddress: { limit: 1_000, windowMs: 60_000 } },
  })
  // a child process on a shared runner
}, 60_000)
afterAll(async () => {
  await server?.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function storedEvents(projectId: string) {
  const rows = await server.listEvents(projectId)
  return rows
    .map((row) => ({ ...row, props: JSON.parse(row.props) as Record<string, unknown> }))
    .sort((a, b) => a.timestamp - b.timestamp)
}

async function connectThroughModal() {
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

describe('analytics in the modal (SPEC §7)', () => {
  test('default: a connect in the modal sends MODAL_OPEN, CONNECT_SUCCESS with the address, MODAL_CLOSE', async () => {
    renderLatchkey(<ConnectButton />, {
      options: { projectId: 'shop', analytics: { url: server.url } },
    })
    await connectThroughModal()
    await waitFor(async () =>
      // sent at once, so they may arrive in any order
      expect((await storedEvents('shop')).map((row) => row.props.event).sort()).toEqual([
        'CONNECT_SUCCESS',
        'MODAL_CLOSE',
        'MODAL_OPEN',
      ]),
    )
    const events = await storedEvents('shop')
    const open = events.find((row) => row.props.event === 'MODAL_OPEN')
    const connect = events.find((row) => row.props.event === 'CONNECT_SUCCESS')
    expect(open?.props).toEqual({
      type: 'track',
      event: 'MODAL_OPEN',
      properties: { connected: false },
    })
    expect(connect?.props).toEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { name: 'Latchkey Test Wallet', connector: 'injected', chainId: 1 },
      address,
    })
    expect(connect).toMatchObject({
      url: window.location.href,
      domain: window.location.host,
      origin: window.location.origin,
      sdkType: 'latchkey',
    })
  })

  test('behavior: a network switch and a disconnect in the modal are reported with the address', async () => {
    renderLatchkey(<ConnectButton />, {
      options: { projectId: 'switching', analytics: { url: server.url } },
    })
    await connectThroughModal()
    fireEvent.click(screen.getByTestId('account-button'))
    fireEvent.click(await screen.findByTestId('account-network'))
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    await waitFor(() =>
      expect(screen.getByTestId('account-network').textContent).toBe('BNB Smart Chain'),
    )
    fireEvent.click(screen.getByTestId('disconnect'))
    await screen.findByTestId('connect-button')
    await waitFor(async () =>
      expect((await storedEvents('switching')).map((row) => row.props.event)).toContain(
        'DISCONNECT_SUCCESS',
      ),
    )
    const events = await storedEvents('switching')
    expect(events.find((row) => row.props.event === 'SWITCH_NETWORK')?.props).toEqual({
      type: 'track',
      event: 'SWITCH_NETWORK',
      properties: { chainId: 56, previousChainId: 1 },
      address,
    })
    expect(events.find((row) => row.props.event === 'DISCONNECT_SUCCESS')?.props).toEqual({
      type: 'track',
      event: 'DISCONNECT_SUCCESS',
      properties: {},
      address,
    })
  })

  test('behavior: a connect the wallet declines is reported once as CONNECT_ERROR', async () => {
    const { wallet } = renderLatchkey(<ConnectButton />, {
      options: { projectId: 'declined', analytics: { url: server.url } },
    })
    wallet.faults.connect = 'reject'
    fireEvent.click(screen.getByTestId('connect-button'))
    fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
    expect((await screen.findByRole('alert')).textContent).toBe('Connection declined')
    await waitFor(async () =>
      expect((await storedEvents('declined')).map((row) => row.props.event)).toContain(
        'CONNECT_ERROR',
      ),
    )
    const errors = (await storedEvents('declined')).filter(
      (row) => row.props.event === 'CONNECT_ERROR',
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.props.properties).toMatchObject({
      name: 'Latchkey Test Wallet',
      failure: 'rejected',
    })
  })

  test('behavior: without an `analytics` endpoint the same connect makes no analytics request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    renderLatchkey(<ConnectButton />, { options: { projectId: 'shop' } })
    await connectThroughModal()
    fireEvent.click(screen.getByTestId('account-button'))
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByTestId('modal-close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // no analytics call to any host: there is no default endpoint
    const analyticsCalls = fetchSpy.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname)
      .filter((path) => path.endsWith('/e') || path.endsWith('/getAnalyticsConfig'))
    expect(analyticsCalls).toEqual([])
  })

  test('error: an origin not on the allowlist (403) shows the allowlist alert once and stops sending', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    renderLatchkey(<ConnectButton />, {
      options: { projectId: 'elsewhere', analytics: { url: server.url } },
    })
    fireEvent.click(screen.getByTestId('connect-button'))
    expect((await screen.findByTestId('toast')).textContent).toBe('Invalid App Configuration')
    fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
    await screen.findByTestId('account-button')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const posts = () =>
      fetchSpy.mock.calls.filter(([input]) => String(input).startsWith(`${server.url}/e?`)).length
    expect(posts()).toBe(1)
    expect(
      warn.mock.calls.filter(([message]) => String(message).includes('analytics')),
    ).toHaveLength(1)
    expect(await storedEvents('elsewhere')).toEqual([])
  })
})
