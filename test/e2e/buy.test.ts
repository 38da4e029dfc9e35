import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import { createLatchkeyCli, type ServeProcess } from '../harness/latchkeyCli'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'

// Buy with card in the modal against the real parts: a real `latchkey serve --onramp sandbox`
// (its card page, its signed webhooks to its own webhook route, its delivery from anvil's tenth
// account on the e2e's chain-1 anvil) and the popup Chromium opens in the click.
const e2e = setupE2e()
const rpcUrl = inject('rpcUrls')[1] as string
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const cli = createLatchkeyCli()
let server: ServeProcess

beforeAll(async () => {
  server = await cli.serve([
    '--port',
    '0',
    '--db',
    ':memory:',
    '--chains',
    `1=${rpcUrl}`,
    '--onramp',
    'sandbox',
  ])
}, 120_000)
afterAll(() => cli.stopAll())

const balance = () =>
  createPublicClient({ transport: http(rpcUrl) }).getBalance({ address: account })
const shownEth = async (page: Page) =>
  Number(((await byTestId(page, 'account-balance').textContent()) ?? '').replace(/[^\d.]/g, ''))

/** Account → Buy with `amount` USD → the provider's quote clicked; the popup it opened, on the card page. */
async function startPurchase(page: Page, url: string, amount: string, country?: string) {
  await openPlayground(page, `${url}/?onramp=${encodeURIComponent(server.url as string)}`)
  await connectTestWallet(page)
  await showAccountView(page)
  await modal(page).getByRole('button', { name: 'Buy' }).click()
  await waitForView(page, 'OnRampProviders')
  if (country) {
    await byTestId(page, 'onramp-country').click()
    await waitForView(page, 'OnRampCountrySelect')
    await byTestId(page, `onramp-country-${country}`).click()
    await waitForView(page, 'OnRampProviders')
  }
  await modal(page).getByLabel('You pay', { exact: true }).fill(amount)
  const provider = byTestId(page, 'onramp-provider-sandbox')
  await provider.waitFor({ timeout: 20_000 })
  const popup = page.waitForEvent('popup')
  await provider.click()
  const card = await popup
  await card.waitForURL(/\/onramp\/sandbox\/ors_/, { timeout: 20_000 })
  await waitForView(page, 'BuyInProgress')
  return card
}

async function payWith(card: Page, number: string) {
  await card.getByLabel('Card number').fill(number)
  await card.getByLabel('Expiry').fill('12 / 34')
  await card.getByLabel('CVC').fill('123')
  await card.getByRole('button', { name: /^Pay / }).click()
}

const resultState = (page: Page) => byTestId(page, 'buy-in-progress').getAttribute('data-state')

describe('Buy with card', () => {
  test('default: the sandbox success card: BuyInProgress ends in success and Account shows the ETH arrived', async () => {
    const { page, url, browser } = e2e()
    const before = await balance()
    const card = await startPurchase(page, url, '5000')
    await waitForText(byTestId(page, 'buy-amount'), 'Buying 2.475 ETH')
    await waitForText(
      byTestId(page, 'buy-step-payment'),
      'Complete the payment in the Sandbox Pay window',
    )
    await payWith(card, '4242 4242 4242 4242')
    await expect.poll(() => resultState(page), { timeout: 30_000 }).toBe('completed')
    await waitForText(byTestId(page, 'buy-result'), 'Purchase complete')
    await waitForText(byTestId(page, 'buy-result-text'), '2.475 ETH arrived in your wallet.')
    // $5,000 less Sandbox Pay's 1 % at $2,000 an ETH, sent from the sandbox's funder
    expect((await balance()) - before).toBe(parseEther('2.475'))
    await card.getByRole('heading', { name: 'Payment approved' }).waitFor({ timeout: 10_000 })

    await byTestId(page, 'buy-done').click()
    await waitForView(page, 'Account')
    const expected = Number(before / 10n ** 14n) / 10_000 + 2.475
    await expect.poll(() => shownEth(page), { timeout: 20_000 }).toBeCloseTo(expected, 1)
    expect(browser.pageErrors()).toEqual([])
  })

  test('error: the declined card ends in a clear failure and nothing arrives', async () => {
    const { page, url, browser } = e2e()
    const before = await balance()
    // the visitor changes the country the server guessed: the quotes and the purchase follow it
    const quoted = page.waitForRequest(
      (request) =>
        request.url().includes('/v1/onramp/quotes') && request.url().includes('country=GB'),
    )
    const started = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/v1/onramp/sessions'),
    )
    const card = await startPurchase(page, url, '100', 'GB')
    await quoted
    expect((await started).postDataJSON()).toMatchObject({ country: 'GB', fiatAmount: '100.00' })
    await payWith(card, '4000 0000 0000 0002')
    await card.getByRole('heading', { name: 'Card declined' }).waitFor({ timeout: 10_000 })
    await expect.poll(() => resultState(page), { timeout: 30_000 }).toBe('failed')
    await waitForText(byTestId(page, 'buy-result'), 'Purchase failed')
    await waitForText(
      byTestId(page, 'buy-result-text'),
      'Your card was declined. Nothing was charged.',
    )
    expect(await balance()).toBe(before)
    await byTestId(page, 'buy-try-again').click()
    await waitForView(page, 'OnRampProviders')
    expect(browser.pageErrors()).toEqual([])
  })
})
