import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { chromiumBaseFlags } from '../test/harness/browser'

/** DESIGN.md: the flags Chromium needs on this machine (no internet); one list with the tests'. */
export const chromiumFlags = chromiumBaseFlags

export interface BenchBrowser {
  context: BrowserContext
  page(): Promise<Page>
  offLoopback: string[]
  close(): Promise<void>
}

function isLoopback(raw: string): boolean {
  try {
    const url = new URL(raw)
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return true
    return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  } catch {
    return true
  }
}

export async function launchBenchBrowser(
  viewport = { width: 1280, height: 800 },
): Promise<BenchBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
    viewport,
  })
  // tsx compiles with keepNames: functions sent to the page may call `__name`.
  await context.addInitScript('globalThis.__name ??= (fn) => fn')
  const offLoopback: string[] = []
  context.on('request', (request) => {
    if (!isLoopback(request.url())) offLoopback.push(request.url())
  })
  return {
    context,
    offLoopback,
    async page() {
      const existing = context.pages()[0]
      return existing ?? context.newPage()
    },
    async close() {
      await context.close().catch(() => undefined)
      await rm(profile, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}

/** Turns the HTTP cache off for a page, so "cold" fetches the lazy chunks again. */
export async function disableCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page)
  await session.send('Network.enable')
  await session.send('Network.setCacheDisabled', { cacheDisabled: true })
}
