/**
 * WalletConnect in Chromium over the built playground, the loopback relay and the Node test
 * wallet: picking WalletConnect → QR code shown (cold: the SDK loads on that click), URI → session
 * approved, and one personal_sign round trip; plus the JS fetched on the pick.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { startWcWallet } from '../test/wcwallet/startWcWallet'
import { launchBenchBrowser } from './browser'
import { gzipSize } from './bundle'

/** What {@link measureWalletConnect} reports, in ms and gzip bytes. */
export interface WalletConnectTimings {
  pickToQr: number[]
  uriToApproved: number[]
  signRoundTrip: number[]
  /** gzip bytes of the scripts fetched between the pick and the QR code. */
  onDemandGzip: number
  onDemandScripts: string[]
  /** Scripts fetched before any click that hold WalletConnect code (must be none). */
  initialWithWalletConnect: string[]
  offLoopback: string[]
}

const repo = fileURLToPath(new URL('..', import.meta.url))
const distFile = (url: string) => join(repo, 'playground/dist', new URL(url).pathname)

// In the page: click, then wait for a selector (and optional text) to appear; ms from the click.
function clickAndWait(page: Page, click: string, selector: string, text?: string) {
  return page.evaluate(
    ([click, selector, text]) =>
      new Promise<number>((resolve) => {
        const done = () => {
          const found = document.querySelector(selector)
          return found && (!text || found.textContent?.includes(text))
        }
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (!done()) return
          observer.disconnect()
          resolve(performance.now() - started)
        })
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        })
        ;(document.querySelector(click) as HTMLElement | null)?.click()
      }),
    [click, selector, text] as const,
  )
}

/** Runs `runs` cold connects (a fresh browser each), each followed by a signing request. */
export async function measureWalletConnect(
  url: string,
  relayUrl: string,
  rpcUrls: Record<number, string>,
  runs = 3,
): Promise<WalletConnectTimings> {
  const wallet = await startWcWallet({ relayUrl, rpcUrls, account: devAccountKey })
  const result: WalletConnectTimings = {
    pickToQr: [],
    uriToApproved: [],
    signRoundTrip: [],
    onDemandGzip: 0,
    onDemandScripts: [],
    initialWithWalletConnect: [],
    offLoopback: [],
  }
  try {
    for (let run = 0; run < runs; run++) {
      const browser = await launchBenchBrowser()
      try {
        const page = await browser.page()
        const scripts: string[] = []
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.push(response.url())
        })
        await page.goto(url)
        await page.waitForSelector('[data-testid="connect-button"]')
        await page.click('[data-testid="connect-button"]')
        await page.waitForSelector('[data-testid="wallet-walletConnect"]')
        const before = scripts.length
        const initial = [...scripts]

        result.pickToQr.push(
          await clickAndWait(
            page,
            '[data-testid="wallet-walletConnect"]',
            '[data-lk-qr][data-state="ready"]',
          ),
        )
        const uri = (await page.getAttribute('[data-wc-uri]', 'data-wc-uri')) ?? ''
        if (run === 0) {
          result.onDemandScripts = scripts.slice(before).map((s) => new URL(s).pathname)
          result.onDemandGzip = scripts
            .slice(before)
            .map(distFile)
            .filter((file) => existsSync(file))
            .reduce((sum, file) => sum + gzipSize(file), 0)
          result.initialWithWalletConnect = initial
            .map(distFile)
            .filter(
              (file) =>
                existsSync(file) &&
                /wc_sessionPropose|irn_subscribe/.test(readFileSync(file, 'utf8')),
            )
        }

        // URI → approved: epoch ms on both sides (one machine, one clock).
        const approved = page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const check = () => document.querySelector('[data-testid="account-button"]')
              if (check()) return resolve(performance.timeOrigin + performance.now())
              const observer = new MutationObserver(() => {
                if (!check()) return
                observer.disconnect()
                resolve(performance.timeOrigin + performance.now())
              })
              observer.observe(document.body, { subtree: true, childList: true })
            }),
        )
        const paired = performance.timeOrigin + performance.now()
        await wallet.pair(uri)
        result.uriToApproved.push((await approved) - paired)

        // Once wagmi has the provider subscribed, one personal_sign round trip.
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="pg-log"]')?.textContent?.includes('onConnect 0x'),
        )
        result.signRoundTrip.push(
          await clickAndWait(
            page,
            '[data-testid="pg-sign"]',
            '[data-testid="pg-log"]',
            'signed 0x',
          ),
        )
        await page.click('[data-testid="pg-disconnect"]')
        await page.waitForSelector('[data-testid="connect-button"]')
      } finally {
        result.offLoopback.push(...browser.offLoopback)
        await browser.close()
      }
    }
  } finally {
    await wallet.stop()
  }
  return result
}
