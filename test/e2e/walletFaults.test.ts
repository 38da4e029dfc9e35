import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  setWalletFaults,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

const walletCalls = (page: Parameters<typeof openPlayground>[0]) =>
  page.evaluate(() => {
    const w = window as unknown as { __latchkeyTestWalletControl: { calls(): string[] } }
    return w.__latchkeyTestWalletControl.calls()
  })

describe('injected wallet faults', () => {
  test('behavior: -32002 asks the user to open the wallet and sends no duplicate request', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await setWalletFaults(page, { prompts: 'pending' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    await waitForText(modal(page), /open your wallet/i)
    const prompts = (await walletCalls(page)).filter(
      (m) => m === 'eth_requestAccounts' || m === 'wallet_requestPermissions',
    )
    expect(prompts).toHaveLength(1)
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: disconnecting in the wallet (accountsChanged []) disconnects the page', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await page.evaluate(() => {
      const w = window as unknown as { __latchkeyTestWalletControl: { lock(): void } }
      w.__latchkeyTestWalletControl.lock()
    })
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    // And it stays disconnected after a reload.
    await page.reload()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: a hanging eth_requestAccounts keeps the connecting view and can be left', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await setWalletFaults(page, { connect: 'hang' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Connect')
    // The wallet answers again: a second attempt connects.
    await setWalletFaults(page, {})
    await page.locator(testWalletRow).click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(browser.offLoopback()).toEqual([])
  })
})
