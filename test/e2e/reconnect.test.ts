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
import {
  secondTruncatedAccount,
  secondWalletRow,
  secondWalletScript,
} from '../harness/secondTestWallet'
import type { WalletFaults } from '../harness/walletFaults'

const e2e = setupE2e()

/**
 * Init script: faults stored in sessionStorage under `reconnect-faults` become the test wallet's
 * faults before it installs (so they hold from the first request after a reload), and a
 * MutationObserver records every state the connect button shows (with the account's address)
 * and when it began, on the page's clock.
 */
const initScript = `(${(
  () => {
    if (window.top !== window) return
    const w = window as unknown as Record<string, unknown>
    const raw = sessionStorage.getItem('reconnect-faults')
    if (raw) w.__latchkeyTestWallet = JSON.parse(raw)
    const seen: string[] = []
    const times: number[] = []
    w.__buttonStates = seen
    w.__buttonStateTimes = times
    new MutationObserver(() => {
      const button = document.querySelector('[data-lk-button]')
      // the address the account button shows, if any
      const account = button?.querySelector('[data-lk-button-account]')?.textContent
      const state = button
        ? `${button.getAttribute('data-testid')}:${button.getAttribute('data-state')}${account ? `:${account}` : ''}`
        : 'none'
      if (seen.at(-1) === state) return
      seen.push(state)
      times.push(performance.now())
    }).observe(document, { subtree: true, childList: true, attributes: true })
  }
).toString()})()`

async function open(browser: TestBrowser, page: Page, url: string, { second = false } = {}) {
  await browser.context.addInitScript({ content: initScript })
  if (second) await browser.context.addInitScript({ content: secondWalletScript })
  await openPlayground(page, url)
}

/** Faults the wallet has from the next load on. */
const faultsAfterReload = (page: Page, faults: WalletFaults) =>
  page.evaluate((f) => sessionStorage.setItem('reconnect-faults', JSON.stringify(f)), faults)

/** Connect button → the second wallet's row → its account shows. */
async function connectSecondWallet(page: Page) {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await page.locator(secondWalletRow).click()
  await waitForText(byTestId(page, 'account-button'), secondTruncatedAccount)
}

/** The methods wallet A was asked, in order. */
const walletCalls = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __latchkeyTestWalletControl: { calls(): string[] } }
    ).__latchkeyTestWalletControl.calls(),
  )

const buttonStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __buttonStates: string[] }).__buttonStates)

/**
 * How long the button showed reconnecting after a reload: from its first busy state to the
 * connect button, on the page's clock (from the test's, a loaded runner's page load and bundle
 * start counted too, which are not the hang guard's).
 */
async function reconnectingMs(page: Page): Promise<number> {
  const { states, times } = await page.evaluate(() => {
    const w = window as unknown as { __buttonStates: string[]; __buttonStateTimes: number[] }
    return { states: w.__buttonStates, times: w.__buttonStateTimes }
  })
  const start = states.indexOf('connect-button:connecting')
  const end = states.indexOf('connect-button:disconnected', start)
  if (start === -1 || end === -1) throw new Error(`no reconnect, then disconnected: ${states}`)
  return (times[end] as number) - (times[start] as number)
}

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
    // a terminal state: the connect button, not busy
    await page
      .locator('[data-testid="connect-button"]:not([aria-busy])')
      .waitFor({ state: 'visible', timeout: 30_000 })
    expect(await reconnectingMs(page)).toBeLessThan(5_000)
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

  test('error: G2 the visitor connects wallet B while wallet A is still reconnecting: the late restore of A never shows A', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url, { second: true })
    await connectTestWallet(page)
    // after the reload, wallet A answers eth_accounts only after 2.5 s: its restore (isAuthorized,
    // then connect) lands about 5 s after the load, long after the visitor's own connect
    await faultsAfterReload(page, { eth_accounts: { delayMs: 2_500 } })
    await page.reload({ waitUntil: 'load' })
    // still reconnecting (the busy button), the visitor chooses wallet B in the modal
    const busy = page.locator('[data-testid="connect-button"][aria-busy="true"]')
    await busy.waitFor({ state: 'visible', timeout: 5_000 })
    await busy.click()
    await waitForView(page, 'Connect')
    await page.locator(secondWalletRow).waitFor()
    expect(await busy.count()).toBe(1)
    await page.locator(secondWalletRow).click()
    await waitForText(byTestId(page, 'account-button'), secondTruncatedAccount)
    // wallet A's restore reaches its end: connect's own eth_accounts (the second) answers 2.5 s
    // later, then it asks eth_chainId and wagmi writes wallet A as the connection
    const restored = (calls: string[]) =>
      calls.slice(calls.indexOf('eth_accounts', calls.indexOf('eth_accounts') + 1)).join()
    await expect
      .poll(async () => restored(await walletCalls(page)), { timeout: 10_000, interval: 100 })
      .toBe('eth_accounts,eth_chainId')
    await page.waitForTimeout(1_000)
    // every account the button showed since the reload: wallet B's, once, and nothing after it
    const states = await buttonStates(page)
    expect(states.filter((s) => s.startsWith('account-button'))).toEqual([
      `account-button:connected:${secondTruncatedAccount}`,
    ])
    expect(states.at(-1)).toBe(`account-button:connected:${secondTruncatedAccount}`)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: G2 a wallet whose eth_accounts throws during reconnect ends disconnected within 5 s', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url)
    await connectTestWallet(page)
    await faultsAfterReload(page, { eth_accounts: 'throwSync' })
    await page.reload({ waitUntil: 'load' })
    await page
      .locator('[data-testid="connect-button"]:not([aria-busy])')
      .waitFor({ state: 'visible', timeout: 30_000 })
    expect(await reconnectingMs(page)).toBeLessThan(5_000)
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

  test('behavior: G5 connect wallet A, disconnect, connect wallet B, reload: wallet B is restored, A never shows', async () => {
    const { page, url, browser } = e2e()
    await open(browser, page, url, { second: true })
    await connectTestWallet(page)
    await byTestId(page, 'pg-disconnect').click()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    await connectSecondWallet(page)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), secondTruncatedAccount)
    await page.waitForTimeout(1_500)
    const states = await buttonStates(page)
    expect(states.filter((s) => s.startsWith('account-button'))).toEqual([
      `account-button:connected:${secondTruncatedAccount}`,
    ])
    expect(states.at(-1)).toBe(`account-button:connected:${secondTruncatedAccount}`)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })
})
