import { describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  focused,
  modal,
  openPlayground,
  setWalletFaults,
  showAccountView,
  tabTo,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
  walletRequest,
} from '../harness/page'

const e2e = setupE2e()

describe('injected test wallet', () => {
  test('default: connects from the Connect view and shows the account', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-address'), truncatedAccount)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: switches to BNB Smart Chain (the wallet adds it after 4902)', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    // The wallet starts knowing chain 1 only, so the first switch answers 4902.
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    await connectTestWallet(page)
    await showAccountView(page)
    await byTestId(page, 'account-network').click()
    await waitForView(page, 'Networks')
    await byTestId(page, 'network-eip155:56').click()
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'BNB Smart Chain')
    await waitForText(byTestId(page, 'account-balance'), '10000.000 BNB')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x38')
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: stays connected after a reload', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: a rejected connection shows the error, and retry connects', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await setWalletFaults(page, { prompts: 'reject' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    const alert = modal(page).locator('[role="alert"]')
    await waitForText(alert, /declined|rejected/i)
    expect(await byTestId(page, 'account-button').count()).toBe(0)

    await setWalletFaults(page, {})
    await byTestId(page, 'retry').click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: the whole connect flow works by keyboard alone', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await tabTo(page, 'connect-button')
    await page.keyboard.press('Enter')
    await waitForView(page, 'Connect')
    // Focus moves into the dialog.
    await expect
      .poll(() =>
        modal(page)
          .first()
          .evaluate((dialog) => dialog.contains(document.activeElement)),
      )
      .toBe(true)
    await page.keyboard.press('Escape')
    await waitForView(page, undefined)
    expect(await focused(page)).toBe('connect-button')

    await page.keyboard.press('Enter')
    await waitForView(page, 'Connect')
    await tabTo(page, `wallet-dev.latchkey.testwallet`)
    await page.keyboard.press('Enter')
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    if ((await modal(page).count()) && (await modal(page).first().isVisible())) {
      await page.keyboard.press('Escape')
      await waitForView(page, undefined)
    }
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe('account-button')
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: Connect and Account views have no serious or critical axe violations', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).waitFor()
    expect(await axeScan(page)).toEqual([])

    await page.locator(testWalletRow).click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    expect(await axeScan(page)).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })
})
