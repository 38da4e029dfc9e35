import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { snapshot } from './anvil'
import { type BrowserPool, launchBrowserPool, type TestBrowser } from './browser'
import { inject } from './inject'

/** What each e2e test gets: a fresh browser on the playground, chains reset afterwards. */
export interface E2eContext {
  browser: TestBrowser
  page: Page
  url: string
}

/**
 * Registers hooks for an e2e spec: before each test, anvil snapshots and a fresh browser context
 * (empty storage, as a new profile; one Chromium serves the file) with the test wallet on the
 * playground; after it, the chains go back and the context closes.
 * After each test the loopback guard must have stopped nothing.
 */
export function setupE2e(): () => E2eContext {
  const url = inject('playgroundUrl')
  const rpcUrls = inject('rpcUrls')
  let current: E2eContext | undefined
  let reverts: (() => Promise<void>)[] = []
  let pool: BrowserPool | undefined

  beforeAll(async () => {
    pool = await launchBrowserPool()
  })
  afterAll(() => pool?.close())
  beforeEach(async () => {
    reverts = await Promise.all(Object.values(rpcUrls).map((rpcUrl) => snapshot(rpcUrl)))
    if (!pool) throw new Error('the browser did not start')
    const browser = await pool.open()
    const page = await browser.newPage()
    current = { browser, page, url }
  })
  afterEach(async () => {
    const browser = current?.browser
    current = undefined
    const violations = browser?.cspViolations() ?? []
    await browser?.close()
    await Promise.all(reverts.map((revert) => revert()))
    reverts = []
    expect(browser?.offLoopback() ?? []).toEqual([])
    // the playground is served with a strict CSP (plan G13): nothing it does may be refused
    expect(violations).toEqual([])
  })

  return () => {
    if (!current) throw new Error('setupE2e() context is only available inside a test')
    return current
  }
}
