import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { TestBrowser } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  openPlayground,
  setWalletFaults,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'
import type { WalletFaults } from '../harness/walletFaults'

const e2e = setupE2e()

/**
 * Init script: faults stored in sessionStorage under `reconnect-faults` become the test wallet's
 * faults before it installs (so they hold from the first request after a reload), and a
 * MutationObserver records whether an account button (the connected state) ever appeared.
 */
const initScript = `(${(
  () => {
    if (window.top !== window) return
    const w = window as unknown as Record<string, unknown>
    const raw = sessionStorage.getItem('reconnect-faults')
    if (raw) w.__latchkeyTestWallet = JSON.parse(raw)
    const seen: string[] = []
    w.__buttonStates = seen
    new MutationObserver(() => {
      const button = document.querySelector('[data-lk-button]')
      const state = button
        ? `${button.getAttribute('data-testid')}:${button.getAttribute('data-state')}`
        : 'none'
      if (seen.at(-1) !== state) seen.push(state)
    }).observe(document, { subtree: true, childList: true, attributes: true })
  }
).toString()})()`

async function open(browser: TestBrowser, page: Page, url: string) {
  await browser.context.addInitScript({ content: initScript })
  await openPlayground(page, url)
}

/** Faults the wallet has from the next load on. */
const faultsAfterReload = (page: Page, faults: WalletFaults) =>
  page.evaluate((f) => sessionStorage.setItem('reconnect-faults', JSON.stringify(f)), faults)

const buttonStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __buttonStates: string[] }).__buttonStates)

/** The wallet forgets the site (locked) without telling the page, as after a browser restart. */
const lockSilently = (page: Page) =>
  page.evaluate(() => {
    const key = 'latchkey-testwallet'
    const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...state, connected: false }))
  })

describe('reconnect after a reload', () => {
  test('error: G2 a wallet whose eth_accounts hangs (isAuthorized, getAccounts) leaves reconnecting within 5 s; the visitor can connect', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url)
    await connectTestWallet(page)
    await faultsAfterReload(page, { eth_accounts: 'hang' })
    await page.reload({ waitUntil: 'load' })
    const loaded = Date.now()
    // a terminal state: the connect button, not busy
    await page
      .locator('[data-testid="connect-button"]:not([aria-busy])')
      .waitFor({ state: 'visible', timeout: 5_000 })
    expect(Date.now() - loaded).toBeLessThan(5_000)
    expect(await byTestId(page, 'account-button').count()).toBe(0)

    // the wallet answers again: the visitor's own connect works and stays
    await setWalletFaults(page, {})
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await page.waitForTimeout(2_000)
    expect(await byTestId(page, 'account-button').count()).toBe(1)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: G2 a wallet whose eth_accounts throws during reconnect ends disconnected within 5 s', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url)
    await connectTestWallet(page)
    await faultsAfterReload(page, { eth_accounts: 'throwSync' })
    await page.reload({ waitUntil: 'load' })
    const loaded = Date.now()
    await page
      .locator('[data-testid="connect-button"]:not([aria-busy])')
      .waitFor({ state: 'visible', timeout: 5_000 })
    expect(Date.now() - loaded).toBeLessThan(5_000)
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: G4 a locked wallet never shows connected while reconnecting, and ends disconnected', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url)
    await connectTestWallet(page)
    await lockSilently(page)
    // a slow wallet keeps the page reconnecting long enough to see what it shows meanwhile
    await faultsAfterReload(page, { eth_accounts: { delayMs: 800 } })
    await page.reload()
    await page
      .locator('[data-testid="connect-button"]:not([aria-busy])')
      .waitFor({ state: 'visible', timeout: 10_000 })
    await page.waitForTimeout(1_000)
    const states = await buttonStates(page)
    expect(states.filter((s) => s.startsWith('account-button'))).toEqual([])
    expect(states.at(-1)).toBe('connect-button:disconnected')
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: G5 disconnect, connect again, reload: still connected to the same wallet', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url)
    await connectTestWallet(page)
    await byTestId(page, 'pg-disconnect').click()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    await connectTestWallet(page)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await page.waitForTimeout(1_500)
    expect(await byTestId(page, 'account-button').count()).toBe(1)
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })
})
