import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  connectTestWallet,
  openPlayground,
  truncatedAccount,
  waitForText,
} from '../harness/page'

const e2e = setupE2e()

/**
 * Init script for every tab: the button's states with wall-clock times (both tabs share the
 * clock), and every write to wagmi's stored state that changes it (a write of the same value
 * fires no `storage` event in the other tab, so only these can start a ping-pong).
 */
const record = `(${(
  () => {
    if (window.top !== window) return
    const w = window as unknown as Record<string, unknown>
    const states: { state: string; at: number }[] = []
    const writes: { at: number }[] = []
    w.__states = states
    w.__writes = writes
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'wagmi.store' && this.getItem(key) !== value) writes.push({ at: Date.now() })
      return setItem.call(this, key, value)
    }
    new MutationObserver(() => {
      const button = document.querySelector('[data-lk-button]')
      const network = button?.querySelector('[data-lk-button-network-name]')?.textContent ?? ''
      const state = button
        ? `${button.getAttribute('data-testid')}:${button.getAttribute('data-state')}:${network}`
        : 'none'
      if (states.at(-1)?.state !== state) states.push({ state, at: Date.now() })
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  }
).toString()})()`

type Recorded = { states: { state: string; at: number }[]; writes: { at: number }[] }
const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __states: Recorded['states']; __writes: Recorded['writes'] }
    return { states: [...w.__states], writes: [...w.__writes] }
  })

/** When `page` first showed a button state matching `pattern` at or after `since`. */
async function shownAt(page: Page, pattern: RegExp, since: number): Promise<number> {
  let at: number | undefined
  await expect
    .poll(
      async () => {
        at = (await recorded(page)).states.find((s) => s.at >= since && pattern.test(s.state))?.at
        return at !== undefined
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return at as number
}

/**
 * Runs `act` in tab A; returns how long tab B took to show what A stored (`pattern`), and the
 * changing writes of each tab from the action until 1.5 s of quiet after it.
 */
async function change(a: Page, b: Page, pattern: RegExp, act: () => Promise<void>) {
  const started = Date.now()
  await act()
  const inA = await shownAt(a, pattern, started)
  const inB = await shownAt(b, pattern, started)
  await a.waitForTimeout(1_500)
  const [ra, rb] = await Promise.all([recorded(a), recorded(b)])
  const since = (writes: { at: number }[], t: number) => writes.filter((w) => w.at >= t).length
  // the change reached storage with A's first changing write; B shows it after the storage event
  const stored = ra.writes.find((w) => w.at >= started)?.at ?? inA
  return {
    lagMs: Math.max(inB - stored, 0),
    writesB: since(rb.writes, started),
    // after B converged, neither tab writes again: no loop
    echoes: since(ra.writes, inB + 1) + since(rb.writes, inB + 1),
  }
}

describe('two tabs of one app', () => {
  test('behavior: G12 connect, switch and disconnect in tab A: tab B converges within 1 s through the storage event, ≤ 2 writes per change, no ping-pong', async () => {
    const { page: a, url, browser } = e2e()
    await browser.context.addInitScript({ content: record })
    await openPlayground(a, url)
    const b = await browser.context.newPage()
    await openPlayground(b, url)

    const connected = await change(a, b, /^account-button:connected:Ethereum/, async () => {
      await connectTestWallet(a)
      await closeModal(a)
    })
    await waitForText(byTestId(b, 'account-button'), truncatedAccount)

    const switched = await change(a, b, /^account-button:connected:BNB Smart Chain/, async () => {
      await byTestId(a, 'pg-switch-bnb').click()
    })

    const disconnected = await change(a, b, /^connect-button:disconnected/, async () => {
      await byTestId(a, 'pg-disconnect').click()
    })

    const figures = { connected, switched, disconnected }
    console.info(`G12 ${JSON.stringify(figures)}`)
    for (const [name, figure] of Object.entries(figures)) {
      expect(figure.lagMs, name).toBeLessThanOrEqual(1_000)
      expect(figure.writesB, name).toBeLessThanOrEqual(2)
      expect(figure.echoes, name).toBe(0)
    }
    expect(browser.pageErrors()).toEqual([])
  }, 90_000)
})
