import type { ConsoleMessage, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  connectTestWallet,
  openPlayground,
  testWalletRow,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

/** Console warnings and errors of the top page, as the visitor's devtools would list them. */
function recordConsole(page: Page) {
  const lines: { type: string; text: string }[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error')
      lines.push({ type: message.type(), text: message.text() })
  })
  return lines
}

/** Init script: the page's Web Storage methods throw `error` (as blocked or full storage does). */
const storageThrows = (name: 'SecurityError' | 'QuotaExceededError', methods: string[]) =>
  `(${(
    (n: string, m: string[]) => {
      if (window.top !== window) return
      const proto = Storage.prototype as unknown as Record<string, unknown>
      for (const method of m)
        proto[method] = () => {
          throw new DOMException(`The operation is insecure (${method}).`, n)
        }
    }
  ).toString()})(${JSON.stringify(name)}, ${JSON.stringify(methods)})`

/** Connects, disconnects and opens the modal again: the test wallet row should say "Recent". */
async function connectThenSeeRecent(page: Page) {
  await connectTestWallet(page)
  await closeModal(page)
  await byTestId(page, 'pg-disconnect').click()
  await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  return ((await page.locator(testWalletRow).textContent()) ?? '').toLowerCase()
}

const storageWarnings = (lines: { type: string; text: string }[]) =>
  lines.filter((line) => line.text.includes('Storage is unavailable'))

describe('storage that throws', () => {
  test('error: G7 getItem, setItem and removeItem throw SecurityError: the app works from memory, 0 uncaught errors, one warning', async () => {
    const { page, url, browser } = e2e()
    await browser.context.addInitScript({
      content: storageThrows('SecurityError', ['getItem', 'setItem', 'removeItem']),
    })
    const lines = recordConsole(page)
    await openPlayground(page, url)
    expect(await connectThenSeeRecent(page)).toContain('recent')
    await page.locator(testWalletRow).click()
    await byTestId(page, 'account-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(browser.pageErrors()).toEqual([])
    expect(storageWarnings(lines)).toHaveLength(1)
  })

  test('error: G7 the localStorage getter throws SecurityError: the app works from memory, 0 uncaught errors, one warning', async () => {
    const { page, url, browser } = e2e()
    await browser.context.addInitScript({
      content: `(${(
        () => {
          if (window.top !== window) return
          Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() {
              throw new DOMException('Access is denied for this document.', 'SecurityError')
            },
          })
        }
      ).toString()})()`,
    })
    const lines = recordConsole(page)
    await openPlayground(page, url)
    expect(await connectThenSeeRecent(page)).toContain('recent')
    await page.locator(testWalletRow).click()
    await byTestId(page, 'account-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(browser.pageErrors()).toEqual([])
    expect(storageWarnings(lines)).toHaveLength(1)
  })

  test('error: G8 setItem throws QuotaExceededError: the write is dropped, the app works, one warning', async () => {
    const { page, url, browser } = e2e()
    await browser.context.addInitScript({
      content: storageThrows('QuotaExceededError', ['setItem']),
    })
    const lines = recordConsole(page)
    await openPlayground(page, url)
    expect(await connectThenSeeRecent(page)).toContain('recent')
    // nothing of Latchkey's reached the full storage
    expect(await page.evaluate(() => localStorage.getItem('latchkey.recentWallets'))).toBeNull()
    expect(browser.pageErrors()).toEqual([])
    expect(storageWarnings(lines)).toHaveLength(1)
  })
})

/** Stored values a page may find: left by an older or newer release, or corrupted. */
const stale: [string, Record<string, string>][] = [
  [
    'a chain no longer configured',
    {
      'wagmi.store': JSON.stringify({
        state: { chainId: 8453, connections: { __type: 'Map', value: [] }, current: null },
        version: 2,
      }),
    },
  ],
  [
    'a future format version',
    {
      'wagmi.store': JSON.stringify({
        state: { chainId: 56, connections: { __type: 'Map', value: [] }, current: null, extra: 1 },
        version: 99,
      }),
      'latchkey.recentWallets': JSON.stringify({ version: 2, wallets: [{ id: 'x', name: 'X' }] }),
    },
  ],
  ['bad JSON', { 'wagmi.store': '{"state":', 'latchkey.recentWallets': '[{"id":' }],
  [
    'the wrong shape',
    {
      'wagmi.store': JSON.stringify({ state: { chainId: 'one', connections: [1, 2] }, version: 2 }),
      'latchkey.recentWallets': JSON.stringify([{ id: 42 }]),
    },
  ],
]

describe('stale stored values', () => {
  test.each(stale)(
    'error: G9 %s is dropped and cleared; the page starts fresh',
    async (_, seeded) => {
      const { page, url, browser } = e2e()
      await openPlayground(page, url)
      await page.evaluate((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      }, seeded)
      await page.reload()
      await page
        .locator('[data-testid="connect-button"]:not([aria-busy])')
        .waitFor({ state: 'visible', timeout: 10_000 })
      // the modal reads Latchkey's values: the Connect view lists wallets, no stale Recent entry
      await byTestId(page, 'connect-button').click()
      await waitForView(page, 'Connect')
      expect(await page.locator('[data-lk-tag][data-tone="muted"]').count()).toBe(0)
      await closeModal(page)
      const stored = await page.evaluate(() => ({
        wagmi: localStorage.getItem('wagmi.store'),
        recent: localStorage.getItem('latchkey.recentWallets'),
      }))
      // Latchkey's stale value is gone; wagmi's is fresh state for a configured chain
      expect(stored.recent).toBeNull()
      if (stored.wagmi !== null) {
        const parsed = JSON.parse(stored.wagmi) as { state: { chainId: number }; version: number }
        expect([1, 56]).toContain(parsed.state.chainId)
        expect(parsed.version).not.toBe(99)
      }
      // fresh state: the visitor connects as usual
      await connectTestWallet(page)
      expect(browser.pageErrors()).toEqual([])
    },
  )
})
