import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { WalletFaults } from './walletFaults'

/** The test wallet's rdns: its wallet row is `[data-testid="wallet-dev.latchkey.testwallet"]`. */
export const testWalletRdns = 'dev.latchkey.testwallet'
export const testWalletRow = `[data-testid="wallet-${testWalletRdns}"]`
/** Anvil dev account 0, as the UI truncates it. */
export const truncatedAccount = '0xf3…b92266'

const wait = { timeout: 20_000, interval: 50 }

/** `[data-testid="…"]` */
export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`)

/** The modal root (the dialog, not any other `[data-latchkey]` element). */
export const modal = (page: Page): Locator => page.locator('[data-latchkey][role="dialog"]')

/** The view the modal shows, or `undefined` when no open modal is visible. */
export async function modalView(page: Page): Promise<string | undefined> {
  // Read in one step in the page: asked attribute by attribute, a dialog that unmounts between
  // two questions leaves the next one waiting for an element that is gone.
  return page.evaluate(() => {
    const dialog = document.querySelector('[data-latchkey][role="dialog"]')
    if (!(dialog instanceof HTMLElement)) return undefined
    const box = dialog.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || getComputedStyle(dialog).visibility === 'hidden')
      return undefined
    if (dialog.getAttribute('data-state') === 'closed') return undefined
    return dialog.getAttribute('data-view') ?? undefined
  })
}

/** Waits until the modal shows `view` (or is closed, for `undefined`). */
export async function waitForView(page: Page, view: string | undefined) {
  await expect.poll(() => modalView(page), wait).toBe(view)
}

/** Waits until the first element matching `locator` has text containing `text`. */
export async function waitForText(locator: Locator, text: string | RegExp) {
  const read = async () =>
    (await locator.count()) ? ((await locator.first().textContent()) ?? '') : ''
  if (typeof text === 'string') await expect.poll(read, wait).toContain(text)
  else await expect.poll(read, wait).toMatch(text)
}

/** Loads the playground and waits for the connect button. */
export async function openPlayground(page: Page, url: string) {
  await page.goto(url)
  await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
}

/**
 * Gives the injected test wallet these faults (`window.__latchkeyTestWallet`), replacing the ones
 * it had; `{}` clears them.
 * @example
 * await setWalletFaults(page, { connect: 'hang' })
 */
export async function setWalletFaults(page: Page, faults: WalletFaults) {
  await page.evaluate((next) => {
    ;(window as unknown as { __latchkeyTestWallet: WalletFaults }).__latchkeyTestWallet = next
  }, faults)
}

/** Asks the test wallet directly (what the wallet itself believes). */
export async function walletRequest(page: Page, method: string): Promise<unknown> {
  return page.evaluate(async (m) => {
    const w = window as unknown as {
      __latchkeyTestWalletProvider: { request(a: { method: string }): Promise<unknown> }
    }
    return w.__latchkeyTestWalletProvider.request({ method: m })
  }, method)
}

/**
 * Waits for the Account view. After a connect or a network switch the modal may stay open
 * (Account) or close; when closed, the account button opens it again.
 */
export async function showAccountView(page: Page) {
  await expect
    .poll(async () => {
      const view = await modalView(page)
      const account = byTestId(page, 'account-button')
      if (view === undefined && (await account.count()) && (await account.first().isVisible()))
        await account
          .first()
          .click({ timeout: 2_000 })
          .catch(() => {})
      // The last view seen is what a failure reports.
      return view ?? 'closed'
    }, wait)
    .toBe('Account')
}

/** Connect button → test wallet row → connected (the account button shows the address). */
export async function connectTestWallet(page: Page) {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await page.locator(testWalletRow).click()
  await waitForText(byTestId(page, 'account-button'), truncatedAccount)
}

/** Test id (or tag) of the focused element. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return el.getAttribute('data-testid') ?? el.tagName.toLowerCase()
  })
}

/** Presses Tab until the element with `testId` has focus (at most `max` presses). */
export async function tabTo(page: Page, testId: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === testId) return
    await page.keyboard.press('Tab')
  }
  expect(await focused(page)).toBe(testId)
}

/** Closes the modal with its close button if it is open (retrying while it animates). */
export async function closeModal(page: Page) {
  await expect
    .poll(async () => {
      if ((await modalView(page)) === undefined) return true
      await byTestId(page, 'modal-close')
        .first()
        .click({ timeout: 1_000 })
        .catch(() => {})
      return false
    }, wait)
    .toBe(true)
}
