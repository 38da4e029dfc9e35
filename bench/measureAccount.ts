import { launchBenchBrowser } from './browser'
import { type OpenProbe, timeOpen } from './inPage'

/** Timings of the Account view with 200 tokens and 1,000 activity rows. */
export interface AccountTimings {
  /** First open on a fresh page: the panels' chunk and the data fetched too. */
  cold: number
  /** Open → Account painted with its token rows (data cached, chunks loaded). */
  firstPaint: number[]
  /** Click on Activity → its rows painted. */
  toActivity: number[]
  /** Click on Tokens → its rows painted. */
  toTokens: number[]
  /** Rows in the DOM with every list full. */
  tokenRowsInDom: number
  activityRowsInDom: number
  offLoopback: string[]
}

const dialog = '[data-latchkey][role="dialog"]'
const tokenRows = `${dialog} [data-testid="token-list"] [data-lk-token-row]`
const activityRows = `${dialog} [data-testid="activity-list"] [data-lk-activity-row]`
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * `?chainData=<stand-in>` (bench/accountFixtures.ts): connect the test wallet, then time opening
 * Account (first paint with the Tokens rows) and switching tabs (click → the other list painted).
 */
export async function measureAccount(
  url: string,
  chainDataUrl: string,
  { runs = 5 } = {},
): Promise<AccountTimings> {
  const browser = await launchBenchBrowser()
  try {
    const page = await browser.page()
    await page.goto(`${url}/?chainData=${encodeURIComponent(chainDataUrl)}`, { waitUntil: 'load' })
    await page.locator('[data-testid="connect-button"]').click()
    await page.locator('[data-testid="wallet-dev.latchkey.testwallet"]').click()
    await page.locator('[data-testid="account-button"]').waitFor({ timeout: 15_000 })
    await page.waitForSelector(`${dialog}[data-state="open"]`, { state: 'detached' })
    await sleep(400)
    const open: OpenProbe = { openArgs: { view: 'Account' }, ready: tokenRows, timeoutMs: 15_000 }
    const close = async () => {
      await page.keyboard.press('Escape')
      await page.waitForSelector(`${dialog}[data-state="open"]`, { state: 'detached' })
      await sleep(400)
    }
    const cold = (await page.evaluate(timeOpen, open)).ms
    const toActivityProbe = {
      click: `${dialog} [data-testid="tab-activity"]`,
      ready: activityRows,
      timeoutMs: 15_000,
    }
    const toTokensProbe = {
      click: `${dialog} [data-testid="tab-tokens"]`,
      ready: tokenRows,
      timeoutMs: 15_000,
    }
    // the first Activity fetch is not a tab switch: read it once before timing
    await page.evaluate(timeOpen, toActivityProbe)
    await page.evaluate(timeOpen, toTokensProbe)
    await close()
    const firstPaint: number[] = []
    const toActivity: number[] = []
    const toTokens: number[] = []
    let tokenRowsInDom = 0
    let activityRowsInDom = 0
    for (let run = 0; run < runs; run++) {
      firstPaint.push((await page.evaluate(timeOpen, open)).ms)
      tokenRowsInDom = await page.locator(tokenRows).count()
      await sleep(200)
      toActivity.push((await page.evaluate(timeOpen, toActivityProbe)).ms)
      activityRowsInDom = await page.locator(activityRows).count()
      await sleep(200)
      toTokens.push((await page.evaluate(timeOpen, toTokensProbe)).ms)
      await close()
    }
    return {
      cold,
      firstPaint,
      toActivity,
      toTokens,
      tokenRowsInDom,
      activityRowsInDom,
      offLoopback: [...browser.offLoopback],
    }
  } finally {
    await browser.close()
  }
}
