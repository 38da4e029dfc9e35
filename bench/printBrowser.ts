import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type BenchRun, kb, ms } from './benchRun'
import { gzipSize } from './bundle'
import type { AccountTimings } from './measureAccount'
import { type AllWalletsTimings, median, type OpenTimings, tapHoldMs } from './measureBrowser'
import type { WalletConnectTimings } from './measureWalletConnect'

// How `npm run bench` prints the parts timed in Chromium over the built playground: `open`,
// `allWallets`, `account` and `walletConnect`.

const repo = resolve(import.meta.dirname, '..')

/** gzip bytes of playground scripts by URL (Vite build in playground/dist). */
export function playgroundGzip(urls: string[]): number {
  const files = urls.map((url) => join(repo, 'playground/dist', new URL(url).pathname))
  return files.filter((f) => existsSync(f)).reduce((sum, f) => sum + gzipSize(f), 0)
}

/** b. Click and tap → modal visible, cold and warm. */
export function printOpen(run: BenchRun, timings: OpenTimings) {
  const { log, figure, elapsed } = run
  log(
    `\n▸ click → modal visible (Chromium, fresh page each, no hover or focus first; median of ${timings.cold.length}; warm n=${timings.warm.length}) [${elapsed()}]`,
  )
  figure('cold: click once the page is idle', ms(median(timings.cold)), 'ms', 50)
  figure('cold: tap once the page is idle', ms(median(timings.tapAfterIdle)), 'ms', 30)
  figure('cold: tap during startup', ms(median(timings.tapDuringStartup)), 'ms', 50)
  figure('warm: second open', ms(median(timings.warm)), 'ms', 16)
  log(
    `    a tap is pointerdown, ${tapHoldMs} ms, then the click; timed from the click (from the pointerdown, during startup: ${ms(median(timings.tapDuringStartupFromDown))} ms); ${timings.tapsBeforeLoad} of ${timings.tapDuringStartup.length} startup taps landed before the load event`,
  )
  log(
    `    cold click: first feedback (loader or dialog) after ${ms(median(timings.coldFeedback))} ms`,
  )
  log(
    `    runs click ${timings.cold.map(ms).join(', ')} | tap after idle ${timings.tapAfterIdle.map(ms).join(', ')} | tap during startup ${timings.tapDuringStartup.map(ms).join(', ')} | warm ${timings.warm.map(ms).join(', ')}`,
  )
  log(
    `    playground (Vite build) scripts: before load ${timings.beforeLoadScripts.length}, ${kb(playgroundGzip(timings.beforeLoadScripts))} KB gzip`,
  )
  log(
    `    JS fetched by idle (after load, before any click): ${timings.byIdleScripts.length} scripts, ${kb(playgroundGzip(timings.byIdleScripts))} KB gzip`,
  )
  log(
    `    scripts fetched on the first click once idle: ${timings.firstOpenScripts.length}, ${kb(playgroundGzip(timings.firstOpenScripts))} KB gzip`,
  )
}

/** AllWallets with 1,000 wallets: first paint and a search keystroke. */
export function printAllWallets(run: BenchRun, timings: AllWalletsTimings) {
  const { log, figure, elapsed } = run
  log(
    `\n▸ AllWallets with 1,000 wallets (Chromium, median of ${timings.firstPaint.length}) [${elapsed()}]`,
  )
  figure('AllWallets first paint (views loaded)', ms(median(timings.firstPaint)), 'ms', 16)
  figure('search keystroke → results painted', ms(median(timings.search)), 'ms', 16)
  log(`    first AllWallets open on a fresh page (lazy views fetched too): ${ms(timings.cold)} ms`)
  log(`    wallet rows in the DOM: ${timings.rowsInDom} of 1,001`)
  log(
    `    runs first paint ${timings.firstPaint.map(ms).join(', ')} | search ${timings.search.map(ms).join(', ')}`,
  )
}

/** c. WalletConnect over the loopback relay: pick → QR, approval, a signature. */
export function printWalletConnect(run: BenchRun, timings: WalletConnectTimings) {
  const { log, elapsed } = run
  log(
    `\n▸ WalletConnect over the loopback relay (Chromium, cold, median of ${timings.pickToQr.length}) [${elapsed()}]`,
  )
  const line = (name: string, values: number[]) =>
    log(`    ${name.padEnd(34)} ${ms(median(values))} ms   (${values.map(ms).join(', ')})`)
  line('pick WalletConnect → QR shown', timings.pickToQr)
  line('URI → session approved', timings.uriToApproved)
  line('personal_sign round trip', timings.signRoundTrip)
  log(
    `    JS fetched on the pick: ${kb(timings.onDemandGzip)} KB gzip (${timings.onDemandScripts.length} scripts); first-load scripts holding WalletConnect: ${timings.initialWithWalletConnect.length}`,
  )
}

/** Account with 200 tokens and 1,000 activity rows: first paint and tab switches. */
export function printAccount(run: BenchRun, timings: AccountTimings) {
  const { log, figure, elapsed } = run
  log(
    `\n▸ Account with 200 tokens and 1,000 activity rows (Chromium, median of ${timings.firstPaint.length}) [${elapsed()}]`,
  )
  figure('Account first paint (tokens listed)', ms(median(timings.firstPaint)), 'ms', 16)
  figure('tab switch: Tokens → Activity', ms(median(timings.toActivity)), 'ms', 16)
  figure('tab switch: Activity → Tokens', ms(median(timings.toTokens)), 'ms', 16)
  log(
    `    first Account open on the page (panels chunk and data fetched too): ${ms(timings.cold)} ms`,
  )
  log(
    `    rows in the DOM: tokens ${timings.tokenRowsInDom} of 201, activity ${timings.activityRowsInDom} of 1,000`,
  )
  log(
    `    runs first paint ${timings.firstPaint.map(ms).join(', ')} | → Activity ${timings.toActivity.map(ms).join(', ')} | → Tokens ${timings.toTokens.map(ms).join(', ')}`,
  )
}
