/**
 * When Solana's code loads, in Chromium: the Solana and the plain Latchkey bench apps, as esbuild
 * built them (bench/bundle.ts), served from loopback with the Solana test wallet injected as an
 * extension would be. Each script the page requests is put in the step it came in: before the
 * load event, by idle (the provider's silent reconnect, the modal's idle preload), on opening the
 * modal, on picking the Solana wallet, and after a reload with that wallet remembered.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename, join, relative, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { buildSolanaTestWalletScript } from '../test/solana/testWallet/buildSolanaTestWallet'
import { type BenchBrowser, disableCache, launchBenchBrowser } from './browser'
import { type AppBundle, gzipSize, isJs } from './bundle'

/** The scripts one step fetched: metafile output keys (relative to the repo). */
export interface LoadStep {
  step: 'load' | 'idle' | 'open' | 'pick' | 'reload'
  files: string[]
}

export interface SolanaLoads {
  solana: LoadStep[]
  plain: LoadStep[]
  /** Requests that tried to leave loopback, and uncaught page errors. */
  problems: string[]
}

const repo = resolve(import.meta.dirname, '..')
const walletName = 'Latchkey Solana Test Wallet'
const settle = (page: Page) =>
  page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)

/** Serves an app's build folder with a page that runs its entry. */
async function serveApp(app: AppBundle): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><div id="root"></div><script type="module" src="/${basename(app.entry)}"></script></body></html>`
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const key = relative(repo, join(app.outdir, path))
    if (path !== '/' && app.metafile.outputs[key]) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      response.end(readFileSync(join(repo, key)))
      return
    }
    response.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    response.end(path === '/' ? html : '')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

// In the page: click (a DOM click: the bench apps load no stylesheet), then wait for a selector.
function clickAndWait(page: Page, click: string, selector: string) {
  return page.evaluate(
    ([click, selector]) =>
      new Promise<void>((done, fail) => {
        const found = () => document.querySelector(selector) !== null
        const timer = setTimeout(() => fail(new Error(`${selector} did not appear`)), 10_000)
        const observer = new MutationObserver(() => {
          if (!found()) return
          observer.disconnect()
          clearTimeout(timer)
          done()
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
        const target = document.querySelector(click) as HTMLElement | null
        if (!target) fail(new Error(`${click} is not on the page`))
        else target.click()
      }),
    [click, selector] as const,
  )
}

/** Drives one app in a page of its own; `solana` adds the steps that need a Solana wallet row. */
async function drive(
  browser: BenchBrowser,
  app: AppBundle,
  solana: boolean,
  problems: string[],
): Promise<LoadStep[]> {
  const served = await serveApp(app)
  const page = await browser.context.newPage()
  const steps: LoadStep[] = []
  let current: LoadStep = { step: 'load', files: [] }
  const enter = (step: LoadStep['step']) => {
    current = { step, files: [] }
    steps.push(current)
  }
  steps.push(current)
  try {
    await disableCache(page)
    page.on('pageerror', (error) => problems.push(`${basename(app.entry)}: ${error.message}`))
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return
      const key = relative(repo, join(app.outdir, new URL(request.url()).pathname))
      if (isJs(key)) current.files.push(key)
    })
    await page.goto(served.url, { waitUntil: 'load' })
    enter('idle')
    await settle(page)
    enter('open')
    const row = solana
      ? `[data-testid="solana-wallet-${walletName}"]`
      : '[data-latchkey][role="dialog"][data-view="Connect"]'
    await clickAndWait(page, '[data-testid="connect-button"]', row)
    await settle(page)
    if (solana) {
      enter('pick')
      await clickAndWait(page, row, '[data-testid="account-button"]')
      await settle(page)
      enter('reload')
      await page.reload({ waitUntil: 'load' })
      await page.waitForSelector('[data-testid="account-button"]', { timeout: 10_000 })
      await settle(page)
    }
    return steps
  } finally {
    await page.close().catch(() => undefined)
    await served.close()
  }
}

/**
 * Drives the Solana app (`solana`) and the plain Latchkey app (`plain`) in one Chromium, each
 * on an origin of its own (a port each), with the Solana test wallet in both pages.
 */
export async function measureSolanaLoads(
  solana: AppBundle,
  plain: AppBundle,
): Promise<SolanaLoads> {
  const browser = await launchBenchBrowser()
  try {
    // No RPC is needed to connect: the cluster's RPC (port 1) refuses, as an offline one would.
    await browser.context.addInitScript({
      content: `window.__latchkeySolanaTestWallet = { rpcUrl: 'http://127.0.0.1:1/' }`,
    })
    await browser.context.addInitScript({ content: await buildSolanaTestWalletScript() })
    const problems: string[] = []
    const solanaSteps = await drive(browser, solana, true, problems)
    const plainSteps = await drive(browser, plain, false, problems)
    problems.push(...browser.offLoopback.map((url) => `request off loopback: ${url}`))
    return { solana: solanaSteps, plain: plainSteps, problems }
  } finally {
    await browser.close()
  }
}

/** gzip bytes of `files` (metafile output keys). */
export const filesGzip = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSize(join(repo, file)), 0)
