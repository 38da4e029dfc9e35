import type { Page } from 'playwright-core'
import { disableCache, launchBenchBrowser } from './browser'
import { clearSearch, scriptsAroundLoad, scriptsSince, timeOpen, timeSearch } from './inPage'

const connectButton = '[data-testid="connect-button"]'
const dialog = '[data-latchkey][role="dialog"]'
const openDialog = `${dialog}[data-state="open"]`
const walletRows = `${dialog} [data-testid^="wallet-"]:not([data-testid="wallet-search"])`
const customRows = `${dialog} [data-testid^="wallet-playground-wallet-"]`
const searchInput = `${dialog} [data-testid="wallet-search"]`
const loader = '[data-lk-loader]'

/** How long a finger rests between pointerdown and the click in the bench's taps. */
export const tapHoldMs = 60

export interface OpenTimings {
  /** A click with no hover or focus first, on a fresh page once it is idle. */
  cold: number[]
  /** Cold: click → first feedback on screen (the loader, or the dialog itself). */
  coldFeedback: number[]
  /** A tap (pointerdown, then the click) on a fresh page once it is idle: click → dialog. */
  tapAfterIdle: number[]
  /** A tap as soon as the button shows, while the page still starts: click → dialog. */
  tapDuringStartup: number[]
  /** The same taps timed from the pointerdown. */
  tapDuringStartupFromDown: number[]
  /** How many of those taps landed before the page's load event (so before the idle preload). */
  tapsBeforeLoad: number
  warm: number[]
  /** Scripts requested before the page's load event (the first bundle). */
  beforeLoadScripts: string[]
  /** Scripts requested after the load event, before any click (the idle preload). */
  byIdleScripts: string[]
  /** Scripts fetched between the first click and the open modal. */
  firstOpenScripts: string[]
  offLoopback: string[]
}

export interface AllWalletsTimings {
  cold: number
  firstPaint: number[]
  search: number[]
  rowsInDom: number
  offLoopback: string[]
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function load(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForSelector(connectButton, { state: 'visible', timeout: 15_000 })
  // Let wagmi's reconnect, EIP-6963 discovery and idle work settle before timing anything.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
  await sleep(300)
}

async function closeModal(page: Page) {
  await page.keyboard.press('Escape')
  await page.waitForSelector(openDialog, { state: 'detached', timeout: 5_000 }).catch(async () => {
    await page.locator('[data-testid="modal-close"]').first().click({ timeout: 2_000 })
    await page.waitForSelector(openDialog, { state: 'detached', timeout: 5_000 })
  })
  await sleep(400) // exit animation
}

/**
 * Click on the connect button → open dialog painted. Every cold figure is a fresh page load with
 * the HTTP cache off and no hover or focus on the button first: a plain click and a tap once the
 * page is idle, and a tap as soon as the button shows (the page still starting); then warm
 * reopens.
 */
export async function measureOpen(
  url: string,
  { loads = 5, warmPerLoad = 3 } = {},
): Promise<OpenTimings> {
  const browser = await launchBenchBrowser()
  try {
    const page = await browser.page()
    await disableCache(page)
    // One throwaway load so Chromium's own first-run costs do not land on run 1.
    await load(page, url)
    const cold: number[] = []
    const coldFeedback: number[] = []
    const tapAfterIdle: number[] = []
    const tapDuringStartup: number[] = []
    const tapDuringStartupFromDown: number[] = []
    let tapsBeforeLoad = 0
    const warm: number[] = []
    const probe = { click: connectButton, ready: openDialog, feedback: loader, timeoutMs: 10_000 }
    const tap = { ...probe, tap: { holdMs: tapHoldMs } }
    let firstOpenScripts: string[] = []
    let around: { beforeLoad: string[]; afterLoad: string[] } = { beforeLoad: [], afterLoad: [] }
    for (let i = 0; i < loads; i++) {
      await load(page, url)
      if (i === 0) around = await page.evaluate(scriptsAroundLoad)
      const since = await page.evaluate(() => performance.now())
      const first = await page.evaluate(timeOpen, probe)
      cold.push(first.ms)
      coldFeedback.push(first.feedbackMs)
      if (i === 0) firstOpenScripts = await page.evaluate(scriptsSince, since)
      for (let j = 0; j < warmPerLoad; j++) {
        await closeModal(page)
        warm.push((await page.evaluate(timeOpen, probe)).ms)
      }
      await closeModal(page)

      await load(page, url)
      tapAfterIdle.push((await page.evaluate(timeOpen, tap)).ms)
      await closeModal(page)

      // No waiting for idle: the tap lands as soon as the button is on screen.
      await page.goto(url, { waitUntil: 'commit' })
      await page.waitForSelector(connectButton, { state: 'visible', timeout: 15_000 })
      const startup = await page.evaluate(timeOpen, tap)
      tapDuringStartup.push(startup.ms)
      tapDuringStartupFromDown.push(startup.fromPointerDownMs ?? Number.NaN)
      if (startup.readyState !== 'complete') tapsBeforeLoad++
      await closeModal(page)
    }
    return {
      cold,
      coldFeedback,
      tapAfterIdle,
      tapDuringStartup,
      tapDuringStartupFromDown,
      tapsBeforeLoad,
      warm,
      beforeLoadScripts: around.beforeLoad,
      byIdleScripts: around.afterLoad,
      firstOpenScripts,
      offLoopback: [...browser.offLoopback],
    }
  } finally {
    await browser.close()
  }
}

/** `?wallets=1000`: open AllWallets (first paint) and one search keystroke → filtered rows painted. */
export async function measureAllWallets(
  url: string,
  { runs = 5 } = {},
): Promise<AllWalletsTimings> {
  const browser = await launchBenchBrowser()
  try {
    const page = await browser.page()
    const manyUrl = `${url}${url.includes('?') ? '&' : '?'}wallets=1000`
    await load(page, manyUrl)
    const open = { openArgs: { view: 'AllWallets' }, ready: customRows, timeoutMs: 10_000 }
    const cold = (await page.evaluate(timeOpen, open)).ms
    const firstPaint: number[] = []
    for (let i = 0; i < runs; i++) {
      await closeModal(page)
      firstPaint.push((await page.evaluate(timeOpen, open)).ms)
    }
    const rowsInDom = await page.locator(walletRows).count()
    const search: number[] = []
    const queries = ['7', '3', '9', '5', '8', '4', '6']
    for (const query of queries.slice(0, runs + 2)) {
      await page.evaluate(clearSearch, searchInput)
      await page.waitForFunction(
        ({ rows, q }) =>
          [...document.querySelectorAll(rows)].some((r) => !(r.textContent ?? '').includes(q)),
        { rows: walletRows, q: query },
        { timeout: 5_000 },
      )
      await sleep(150)
      search.push(
        await page.evaluate(timeSearch, {
          input: searchInput,
          rows: walletRows,
          query,
          timeoutMs: 5_000,
        }),
      )
    }
    return {
      cold,
      firstPaint,
      search: search.slice(2),
      rowsInDom,
      offLoopback: [...browser.offLoopback],
    }
  } finally {
    await browser.close()
  }
}
