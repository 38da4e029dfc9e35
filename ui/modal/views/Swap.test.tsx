import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labSwapOption } from '../../../scripts/devSwapLab'
import type { LatchkeyOptions } from '../../../src/schemas/options'
import { type ServerProcess, startServerProcess } from '../../../test/harness/startServerProcess'
import { type SwapLabParts, startSwapLab } from '../../../test/harness/swap/startSwapLab'
import { swapTamper } from '../../../test/harness/swap/swapTamper'
import { fakeAccount } from '../../../test/ui/fakeWallet'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'
import { preloadModal } from '../../preloadModal'
import { accountPanelsChunk } from '../account/loadAccountPanels'
import { swapViewsChunk } from '../swap/loadSwapViews'

// The swap views against the real parts: anvil (chain 1) with the swap lab, the loopback quote API
// in 0x's shape, and a real Latchkey server forwarding the page's calls with the key it holds.
let parts: SwapLabParts
let server: ServerProcess
beforeAll(async () => {
  parts = await startSwapLab()
  await parts.lab.mint(parts.lab.lab, fakeAccount, parseEther('500'))
  server = await startServerProcess({
    swap: { zeroEx: { apiKey: parts.api.apiKey, baseUrl: parts.api.zeroExUrl }, priceCacheMs: 0 },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await parts?.stop()
})

const view = () => screen.getByRole('dialog').getAttribute('data-view')
const byId = (id: string) => screen.getByTestId(id)

/** Renders the app with the lab's swap option (or `options`), connects and opens Account. */
async function openAccount(options?: LatchkeyOptions) {
  await preloadModal()
  await Promise.all([accountPanelsChunk.load(), swapViewsChunk.load()])
  const transport = http(parts.anvil.rpcUrl)
  const rendered = renderLatchkey(<ConnectButton />, {
    transport,
    options: options ?? { swap: labSwapOption(parts.lab, server.url) },
  })
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  const account = await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.click(account)
  await waitFor(() => expect(view()).toBe('Account'))
  return rendered
}

/** Account → Swap, with the sell balance read. */
async function openSwap() {
  const rendered = await openAccount()
  fireEvent.click(await screen.findByTestId('account-swap'))
  await waitFor(() => expect(view()).toBe('Swap'))
  // the wallet's account (anvil's 0) deployed the lab and filled its pools: under 9,900 ETH
  await waitFor(
    () => expect(byId('swap-sell-balance').textContent).toMatch(/^Balance: 9,89\d(\.\d+)? ETH$/),
    { timeout: 10_000 },
  )
  return rendered
}

const typeAmount = (value: string) =>
  fireEvent.change(screen.getByLabelText('You pay'), { target: { value } })
/** The token a side shows (its pill's name, e.g. 'You pay: ETH'). */
const token = (side: 'sell' | 'buy') =>
  byId(`swap-${side}-token`).getAttribute('aria-label')?.split(': ')[1]
const reviewLabel = () => byId('swap-review').textContent
const reviewEnabled = () => !(byId('swap-review') as HTMLButtonElement).disabled

describe('Swap views', () => {
  test('default: ETH for LAB is quoted through the server: amount out, rate, impact, fee, 1 % slippage', async () => {
    await openSwap()
    expect(token('sell')).toBe('ETH')
    expect(token('buy')).toBe('LAB')
    expect(reviewLabel()).toBe('Enter an amount')
    typeAmount('1')
    await waitFor(() => expect(byId('swap-buy-amount').textContent).toMatch(/^1,9\d\d/), {
      timeout: 10_000,
    })
    expect(byId('swap-rate').textContent).toMatch(/^1 ETH = 1,9\d\d(\.\d+)? LAB$/)
    // 1 ETH in a 100 ETH pool moves the price about 1 %
    expect(byId('swap-price-impact').textContent).toMatch(/^(0\.9\d|1(\.\d+)?) %$/)
    expect(byId('swap-network-fee').textContent).toMatch(/^≈ [\d.]+ ETH$/)
    expect(byId('swap-slippage-100').getAttribute('aria-pressed')).toBe('true')
    expect(reviewLabel()).toBe('Review swap')
    expect(reviewEnabled()).toBe(true)
    // the key was added by the server, never by the page
    const prices = parts.api.requests.filter((request) => request.path.endsWith('/price'))
    expect(prices.at(-1)?.apiKey).toBe(parts.api.apiKey)
    expect(prices.at(-1)?.query.slippageBps).toBe('100')
  })

  test('behavior: a slippage of 0.5 % is asked for and raises the minimum received', async () => {
    await openSwap()
    typeAmount('1')
    await waitFor(() => expect(byId('swap-min-received').textContent).toMatch(/LAB$/), {
      timeout: 10_000,
    })
    const at1 = Number(byId('swap-min-received').textContent?.replace(/[^\d.]/g, ''))
    fireEvent.click(byId('swap-slippage-50'))
    await waitFor(() => expect(parts.api.requests.at(-1)?.query.slippageBps).toBe('50'))
    await waitFor(() =>
      expect(Number(byId('swap-min-received').textContent?.replace(/[^\d.]/g, ''))).toBeGreaterThan(
        at1,
      ),
    )
  })

  test('error: more than the balance says "Insufficient ETH balance" and cannot be reviewed', async () => {
    await openSwap()
    typeAmount('20000')
    await waitFor(() => expect(reviewLabel()).toBe('Insufficient ETH balance'))
    expect(reviewEnabled()).toBe(false)
    typeAmount('1.2.3')
    await waitFor(() => expect(reviewLabel()).toBe('Invalid amount'))
  })

  test('error: a provider answering 429 says when to try again', async () => {
    await openSwap()
    parts.api.rateLimited = true
    try {
      typeAmount('2')
      const error = await screen.findByTestId('swap-quote-error', {}, { timeout: 10_000 })
      expect(error.textContent).toBe('Please try again after 7 seconds')
      expect(reviewEnabled()).toBe(false)
      // Asked again while still limited: the error stays said, the button never says it is quoting.
      const labels: (string | null)[] = []
      const states: (string | null)[] = []
      const watch = new MutationObserver(() => {
        labels.push(reviewLabel())
        states.push(byId('swap-refresh').getAttribute('data-state'))
      })
      watch.observe(screen.getByRole('dialog'), {
        attributes: true,
        childList: true,
        subtree: true,
        characterData: true,
      })
      fireEvent.click(byId('swap-refresh'))
      // The quote was asked (the refresh button showed it fetching), and it failed again.
      await waitFor(() => expect(states).toContain('fetching'))
      await waitFor(() => expect(byId('swap-refresh').getAttribute('data-state')).toBeNull(), {
        timeout: 10_000,
      })
      expect(screen.getByTestId('swap-quote-error').textContent).toMatch(/^Please try again/)
      watch.disconnect()
      expect(labels).not.toContain('Getting a quote…')
      expect(reviewLabel()).not.toBe('Getting a quote…')
    } finally {
      parts.api.rateLimited = false
    }
  })

  test('behavior: Max keeps the network fee back for ETH (less than the whole balance)', async () => {
    await openSwap()
    await waitFor(() => expect((byId('swap-max') as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(byId('swap-max'))
    const amount = parseEther((screen.getByLabelText('You pay') as HTMLInputElement).value)
    const balance = await parts.lab.client.getBalance({ address: fakeAccount })
    const fees = await parts.lab.client.estimateFeesPerGas()
    // what is kept back: twice a swap's fee (250,000 gas) at today's fee cap
    expect(balance - amount).toBe(fees.maxFeePerGas * 250_000n * 2n)
  })

  test('error: a token without a pool (LONE) says there is no route', async () => {
    await openSwap()
    fireEvent.click(byId('swap-buy-token'))
    await waitFor(() => expect(view()).toBe('SwapSelectToken'))
    fireEvent.click(await screen.findByTestId('swap-token-LONE'))
    await waitFor(() => expect(view()).toBe('Swap'))
    typeAmount('1')
    const error = await screen.findByTestId('swap-quote-error', {}, { timeout: 10_000 })
    expect(error.textContent).toBe('No route for this swap: try a smaller amount or another token')
    expect(reviewEnabled()).toBe(false)
  })

  test('behavior: Select a token shows suggested tokens with balances, searches, and picking the other side flips', async () => {
    await openSwap()
    fireEvent.click(byId('swap-sell-token'))
    await waitFor(() => expect(view()).toBe('SwapSelectToken'))
    expect(screen.getByRole('dialog', { name: 'Select a token' })).toBeTruthy()
    expect(byId('swap-chip-USDL')).toBeTruthy()
    await waitFor(() => expect(byId('swap-token-balance-LAB').textContent).toBe('500'))
    fireEvent.change(byId('swap-token-search'), { target: { value: 'dollar' } })
    const list = byId('swap-token-list')
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.dataset.testid),
    ).toEqual(['swap-token-USDL'])
    fireEvent.change(byId('swap-token-search'), { target: { value: '' } })
    // LAB is the bought token: picking it to sell switches the two
    fireEvent.click(byId('swap-token-LAB'))
    await waitFor(() => expect(view()).toBe('Swap'))
    expect(token('sell')).toBe('LAB')
    expect(token('buy')).toBe('ETH')
  })

  test('behavior: selling LAB previews the approval first (exact amount), then the swap', async () => {
    await openSwap()
    fireEvent.click(byId('swap-flip'))
    await waitFor(() => expect(token('sell')).toBe('LAB'))
    typeAmount('100')
    await waitFor(() => expect(reviewEnabled()).toBe(true), { timeout: 10_000 })
    fireEvent.click(byId('swap-review'))
    await waitFor(() => expect(view()).toBe('SwapPreview'))
    const steps = await screen.findByTestId('swap-steps', {}, { timeout: 10_000 })
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual(['swap-step-approve', 'swap-step-swap', 'swap-step-receipt'])
    expect(byId('swap-step-approve').textContent).toContain('Lets the swap take exactly 100 LAB')
    expect(byId('swap-confirm').textContent).toBe('Approve and swap')
    expect(byId('swap-preview-sell').textContent).toBe('100 LAB')
  })

  test('error: a tampered build (a value the request did not ask) is refused in the preview; Swap stays disabled', async () => {
    await openSwap()
    typeAmount('1')
    await waitFor(() => expect(reviewEnabled()).toBe(true), { timeout: 10_000 })
    parts.api.tamper = swapTamper('value', parts.lab.router)
    try {
      fireEvent.click(byId('swap-review'))
      const error = await screen.findByTestId('swap-error', {}, { timeout: 10_000 })
      expect(error.textContent).toBe(
        'This quote was refused: it does not match your swap. Nothing was signed or sent.',
      )
      expect((byId('swap-confirm') as HTMLButtonElement).disabled).toBe(true)
    } finally {
      parts.api.tamper = undefined
    }
  })

  test('behavior: no Swap row without the swap option; on chain 56 (not trusted) Swap shows its unsupported variant', async () => {
    const plain = await openAccount({})
    expect(screen.queryByTestId('account-swap')).toBeNull()
    plain.unmount()

    const { wallet } = await openAccount()
    expect(screen.getByTestId('account-swap')).toBeTruthy()
    act(() => wallet.setChain(56))
    await waitFor(() => expect(screen.queryByTestId('account-swap')).toBeNull())
    act(() => wallet.setChain(1))
    fireEvent.click(await screen.findByTestId('account-swap'))
    await waitFor(() => expect(view()).toBe('Swap'))
    act(() => wallet.setChain(56))
    const notice = await screen.findByTestId('swap-unsupported')
    expect(notice.textContent).toContain('Swaps are not available on this network.')
    // only the app's swap networks are offered
    expect(within(notice).getAllByRole('listitem')).toHaveLength(1)
    expect(within(notice).getByRole('button').textContent).toContain('Ethereum')
  })
})
