import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  modal,
  modalView,
  openPlayground,
  setWalletFaults,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

const account0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// anvil dev account 1: unlocked on the node, so the test wallet's personal_sign works for it too
const account1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const withSiwx = (url: string, mode: 'optional' | 'required') => new URL(`/?siwx=${mode}`, url).href

/** How many times the wallet was asked for `method` since the page loaded. */
function walletCalls(page: Page, method: string): Promise<number> {
  return page.evaluate((m) => {
    const w = window as unknown as { __latchkeyTestWalletControl: { calls(): string[] } }
    return w.__latchkeyTestWalletControl.calls().filter((call) => call === m).length
  }, method)
}

function switchAccount(page: Page, address: string) {
  return page.evaluate((a) => {
    const w = window as unknown as {
      __latchkeyTestWalletControl: { emit(event: string, ...args: unknown[]): void }
    }
    w.__latchkeyTestWalletControl.emit('accountsChanged', [a])
  }, address)
}

/** The sign view is open with a message for `address` (its nonce came from the adapter). */
async function waitForSignView(page: Page, address: string) {
  await waitForView(page, 'SIWXSignMessage')
  await waitForText(byTestId(page, 'siwx-message'), 'wants you to sign in with your Ethereum')
  await waitForText(byTestId(page, 'siwx-message'), address)
}

/** Keeps polling for `ms` and fails if the modal shows any view meanwhile. */
async function expectNoModalFor(page: Page, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // read in one go: a dialog animating out is removed between two locator calls
    const open = await page.evaluate(() => {
      const dialog = document.querySelector('[data-latchkey][role="dialog"]')
      return dialog && dialog.getAttribute('data-state') !== 'closed'
        ? dialog.getAttribute('data-view')
        : null
    })
    expect(open).toBeNull()
    await page.waitForTimeout(100)
  }
}

describe('sign-in with X (SIWX) in the playground', () => {
  test('default: connect, the sign view opens, sign, the session survives a reload, sign out', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, withSiwx(url, 'optional'))
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')
    await connectTestWallet(page)
    await waitForSignView(page, account0)
    await waitForText(byTestId(page, 'siwx-account'), truncatedAccount)
    expect(await byTestId(page, 'modal-close').getAttribute('aria-disabled')).toBeNull()

    await byTestId(page, 'siwx-sign').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account0}`)
    expect(await walletCalls(page, 'personal_sign')).toBe(1)

    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account0}`)
    await expectNoModalFor(page, 1_000)
    expect(await walletCalls(page, 'personal_sign')).toBe(0)

    await byTestId(page, 'pg-siwx-signout').click()
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    // signed out for good: the reconnect finds no session, so the sign view asks again
    await waitForSignView(page, account0)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: a declined signature shows "Signature declined" and signing again works', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, withSiwx(url, 'optional'))
    await connectTestWallet(page)
    await waitForSignView(page, account0)
    await setWalletFaults(page, { personal_sign: 'reject' })
    await byTestId(page, 'siwx-sign').click()
    await waitForText(modal(page).locator('[role="alert"]'), 'Signature declined')
    expect(await modalView(page)).toBe('SIWXSignMessage')

    await setWalletFaults(page, {})
    await byTestId(page, 'siwx-sign').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account0}`)
    expect(await walletCalls(page, 'personal_sign')).toBe(2)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: optional sign-in: cancel closes and stays connected', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, withSiwx(url, 'optional'))
    await connectTestWallet(page)
    await waitForSignView(page, account0)
    await byTestId(page, 'siwx-cancel').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')
    expect(await walletCalls(page, 'personal_sign')).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: required sign-in keeps the modal open until signed; cancel disconnects', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, withSiwx(url, 'required'))
    await connectTestWallet(page)
    await waitForSignView(page, account0)
    const close = byTestId(page, 'modal-close')
    expect(await close.getAttribute('aria-disabled')).toBe('true')

    await page.keyboard.press('Escape')
    // a real click: aria-disabled is not `disabled`, so Playwright has to be told to try
    await close.click({ force: true })
    await page.mouse.click(4, 4) // the overlay, outside the dialog
    await page.waitForTimeout(400)
    expect(await modalView(page)).toBe('SIWXSignMessage')

    await byTestId(page, 'siwx-cancel').click()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')

    // connect again and sign: closing works again once there is a session
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForSignView(page, account0)
    await byTestId(page, 'siwx-sign').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account0}`)
    await byTestId(page, 'account-button').click()
    await waitForView(page, 'Account')
    expect(await byTestId(page, 'modal-close').getAttribute('aria-disabled')).toBeNull()
    await page.keyboard.press('Escape')
    await waitForView(page, undefined)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: switching account in the wallet signs the old one out and prompts once', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, withSiwx(url, 'optional'))
    await connectTestWallet(page)
    await waitForSignView(page, account0)
    await byTestId(page, 'siwx-sign').click()
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account0}`)
    await waitForView(page, undefined)

    await switchAccount(page, account1)
    await switchAccount(page, account1)
    await waitForSignView(page, account1)
    await waitForText(byTestId(page, 'siwx-account'), '0x70…dc79C8')
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')
    expect(await walletCalls(page, 'personal_sign')).toBe(1)

    await byTestId(page, 'siwx-sign').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${account1}`)
    // one prompt for the change: no second sign view opens afterwards
    await expectNoModalFor(page, 1_000)
    expect(await walletCalls(page, 'personal_sign')).toBe(2)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })
})
