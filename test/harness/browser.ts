import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { buildTestWalletScript } from '../wallet/buildTestWallet'

/** Flags Chromium needs on this machine (DESIGN.md; no internet: without them it reaches out). */
export const chromiumBaseFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The base flags plus a hostname per role (dapp, wallet, attacker), all on loopback, and a
 * same-site pair (app. and wallet.latchkey.test: one site, as `wallet.<your-domain>` is).
 */
export const chromiumFlags = [
  ...chromiumBaseFlags,
  '--host-resolver-rules=MAP dapp.test 127.0.0.1, MAP wallet.test 127.0.0.1, MAP evil.test 127.0.0.1, MAP app.latchkey.test 127.0.0.1, MAP wallet.latchkey.test 127.0.0.1, EXCLUDE 127.0.0.1',
]

/** A Chromium with a fresh profile, the test wallet and a loopback guard. */
export interface TestBrowser {
  context: BrowserContext
  /** Opens a page (the test wallet is already in it, unless `wallet: false`). */
  newPage(): Promise<Page>
  /** Every request that tried to leave loopback (aborted). Specs assert it is empty. */
  offLoopback(): string[]
  /** Uncaught errors thrown in any page. */
  pageErrors(): string[]
  /** Every `securitypolicyviolation` in any page or frame (plan G13): directive and blocked URI. */
  cspViolations(): string[]
  close(): Promise<void>
}

export interface LaunchOptions {
  /** Inject the test wallet into every page. @default true */
  wallet?: boolean
  /** Extra Chromium flags, e.g. `--disable-features=TrackingProtection3pcd`. */
  args?: string[]
}

let walletScript: Promise<string> | undefined

/** Hosts a test may talk to: loopback and the `.test` names mapped to it. */
export function isLoopbackUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return true
  const host = url.hostname
  return (
    host === '127.0.0.1' ||
    host === 'localhost' ||
    host === '[::1]' ||
    host.endsWith('.localhost') ||
    host.endsWith('.test')
  )
}

/** Launches Debian's Chromium through playwright-core with a throwaway profile. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'latchkey-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...launchSettings(options),
    viewport: { width: 1280, height: 800 },
  })
  return instrument(context, options, async () => {
    await context.close().catch(() => {})
    await rm(profile, { recursive: true, force: true })
  })
}

function launchSettings(options: LaunchOptions) {
  return {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...chromiumFlags, ...(options.args ?? [])],
  }
}

/** One Chromium whose contexts are fresh profiles: see {@link BrowserPool.open}. */
export interface BrowserPool {
  /**
   * A new context (empty storage and cookies, as a fresh profile), instrumented as
   * {@link launchBrowser} does: for a file's tests, without starting Chromium for each.
   */
  open(options?: Omit<LaunchOptions, 'args'>): Promise<TestBrowser>
  close(): Promise<void>
}

/** Starts one Chromium for many tests: a context per test costs a tenth of a launch. */
export async function launchBrowserPool(): Promise<BrowserPool> {
  const browser = await chromium.launch(launchSettings({}))
  return {
    async open(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      return instrument(context, options, () => context.close().catch(() => {}))
    },
    close: () => browser.close().catch(() => {}),
  }
}

/** The loopback guard, page errors, CSP reports and the test wallet, on a context. */
async function instrument(
  context: BrowserContext,
  options: LaunchOptions,
  close: () => Promise<void>,
): Promise<TestBrowser> {
  // Fail a stuck action well inside the 60 s test timeout, with Playwright's own message.
  context.setDefaultTimeout(15_000)
  const blocked: string[] = []
  const errors: string[] = []

  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (isLoopbackUrl(url)) return route.continue()
    blocked.push(url)
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(
    (url) => !isLoopbackUrl(url.href),
    (ws) => {
      blocked.push(ws.url())
      return ws.close({ code: 1008, reason: 'off loopback' })
    },
  )
  const violations: string[] = []
  await context.exposeBinding('__latchkeyCspViolation', (source, text: string) => {
    violations.push(`${text} (${source.frame.url()})`)
  })
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => window.__latchkeyCspViolation(e.effectiveDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber))`,
  })
  const watch = (page: Page) => page.on('pageerror', (error) => errors.push(error.message))
  context.on('page', watch)
  for (const page of context.pages()) watch(page)

  if (options.wallet !== false) {
    walletScript ??= buildTestWalletScript()
    await context.addInitScript({ content: await walletScript })
  }

  return {
    context,
    async newPage() {
      // A persistent context opens with one blank page: reuse it once.
      const blank = context.pages().find((p) => p.url() === 'about:blank')
      return blank ?? context.newPage()
    },
    offLoopback: () => [...blocked],
    pageErrors: () => [...errors],
    cspViolations: () => [...violations],
    close,
  }
}

/** One accessibility finding of axe (serious or critical only). */
export interface AxeFinding {
  id: string
  impact: string
  help: string
  targets: string[]
}

const require = createRequire(import.meta.url)
let axeSource: Promise<string> | undefined

/**
 * Runs axe-core (its own source, injected: `@axe-core/playwright` needs Node 22) on the
 * elements matching `selector` and returns the serious and critical violations.
 */
export async function axeScan(page: Page, selector = '[data-latchkey]'): Promise<AxeFinding[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  const source = await axeSource
  const hasAxe = await page.evaluate(() => 'axe' in window)
  // evaluate() runs outside the page's CSP, unlike a <script> tag.
  if (!hasAxe) await page.evaluate(source)
  return page.evaluate(async (include) => {
    type AxeResult = {
      violations: {
        id: string
        impact?: string | null
        help: string
        nodes: { target: unknown[] }[]
      }[]
    }
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResult> } })
      .axe
    const result = await axe.run({ include: [[include]] }, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }))
  }, selector)
}
