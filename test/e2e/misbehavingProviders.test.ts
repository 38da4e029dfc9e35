import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { TestBrowser } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  modal,
  openPlayground,
  setWalletFaults,
  testWalletRdns,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

const png1px =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

interface Announcement {
  uuid: string
  name: string
  rdns: string
  /** Which stand-in provider answers: 'a' or 'b' (each rejects with 4001 and says which it is). */
  provider: 'a' | 'b'
}

/**
 * An init script (top frame only) announcing each wallet through EIP-6963, in list order, at
 * document start and on every `eip6963:requestProvider`.
 */
function announceScript(list: Announcement[]): string {
  const body = (announcements: Announcement[]) => {
    if (window.top !== window) return
    const providers = {
      a: { request: async () => Promise.reject({ code: 4001, message: 'provider a' }), on() {} },
      b: { request: async () => Promise.reject({ code: 4001, message: 'provider b' }), on() {} },
    }
    const announce = (a: Announcement) =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({
            info: Object.freeze({
              uuid: a.uuid,
              name: a.name,
              icon: 'data:image/png;base64,',
              rdns: a.rdns,
            }),
            provider: providers[a.provider],
          }),
        }),
      )
    for (const a of announcements) {
      announce(a)
      window.addEventListener('eip6963:requestProvider', () => announce(a))
    }
  }
  return `(${body.toString()})(${JSON.stringify(list)})`.replace(
    "'data:image/png;base64,'",
    JSON.stringify(png1px),
  )
}

async function openConnect(browser: TestBrowser, page: Page, url: string, list: Announcement[]) {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  if (list.length) await browser.context.addInitScript({ content: announceScript(list) })
  await openPlayground(page, url)
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await page.locator(testWalletRow).waitFor()
  return warnings
}

const rows = (page: Page, rdns: string) => modal(page).locator(`[data-testid="wallet-${rdns}"]`)
const alert = (page: Page) => modal(page).locator('[role="alert"]')

describe('misbehaving EIP-6963 announcements', () => {
  test('behavior: E1 the same rdns announced twice (another uuid) gives exactly one row', async () => {
    const { page, url, browser } = e2e()
    // a second wallet announcing the test wallet's rdns, plus one rdns announced twice by itself
    await openConnect(browser, page, url, [
      {
        uuid: '7a1e0000-0000-4000-8000-0000000000e1',
        name: 'Copy Wallet',
        rdns: testWalletRdns,
        provider: 'a',
      },
      {
        uuid: '7a1e0000-0000-4000-8000-0000000000e2',
        name: 'Twice Wallet',
        rdns: 'test.twice',
        provider: 'a',
      },
      {
        uuid: '7a1e0000-0000-4000-8000-0000000000e3',
        name: 'Twice Wallet',
        rdns: 'test.twice',
        provider: 'b',
      },
    ])
    await rows(page, 'test.twice').first().waitFor()
    await page.waitForTimeout(1_000)
    expect(await rows(page, testWalletRdns).count()).toBe(1)
    expect(await rows(page, 'test.twice').count()).toBe(1)
    expect(await modal(page).locator('[data-lk-row]', { hasText: 'Twice Wallet' }).count()).toBe(1)
    expect(browser.offLoopback()).toEqual([])
  })

  test("error: E2 a wallet imitating another one's uuid is ignored and a warning is logged", async () => {
    const { page, url, browser } = e2e()
    const uuid = '7a1e0000-0000-4000-8000-0000000000f2'
    const warnings = await openConnect(browser, page, url, [
      { uuid, name: 'First Wallet', rdns: 'test.first', provider: 'a' },
      { uuid, name: 'Imitator Wallet', rdns: 'test.imitator', provider: 'b' },
    ])
    await rows(page, 'test.first').waitFor()
    await page.waitForTimeout(1_000)
    // the first announcement stays, the later one is ignored
    expect(await rows(page, 'test.imitator').count()).toBe(0)
    await expect
      .poll(() => warnings.filter((w) => w.includes(uuid) && w.includes('Imitator Wallet')), {
        timeout: 5_000,
      })
      .toHaveLength(1)
    // clicking the row reaches the first provider, not the imitator's
    await rows(page, 'test.first').click()
    await waitForView(page, 'ConnectingExternal')
    await waitForText(alert(page), /declined|rejected/i)
    expect(browser.offLoopback()).toEqual([])
  })
})

describe('misbehaving injected providers (E5)', () => {
  test('error: E5 a wallet that never answers eth_requestAccounts fails at the deadline with a typed error; retry connects', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, `${url}?connectTimeoutMs=2000`)
    await setWalletFaults(page, { connect: 'hang' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const started = Date.now()
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    await waitForText(alert(page), 'The wallet did not answer the connection request in time')
    expect(Date.now() - started).toBeLessThan(6_000)
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    // the modal is not blocked: retry asks again and connects once the wallet answers
    await setWalletFaults(page, {})
    await byTestId(page, 'retry').click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: E5 a provider that throws synchronously gives a typed error, not a page error', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await setWalletFaults(page, { connect: 'throwSync' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    await waitForText(alert(page), 'The wallet could not connect')
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: E5 a provider that answers accounts as a non-array gives "No accounts found"', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await setWalletFaults(page, { connect: 'badAccounts' })
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForView(page, 'ConnectingExternal')
    await waitForText(alert(page), 'No accounts found')
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })
})
