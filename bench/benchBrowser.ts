import { relative } from 'node:path'
import { startAccountFixtures } from './accountFixtures'
import { type BenchRun, kb, ms } from './benchRun'
import { measureAccount } from './measureAccount'
import { measureAllWallets, measureOpen, median, tapHoldMs } from './measureBrowser'
import { measureWalletConnect } from './measureWalletConnect'
import {
  playgroundGzip,
  printAccount,
  printAllWallets,
  printOpen,
  printWalletConnect,
} from './printBrowser'

// The parts of `npm run bench` timed in Chromium over the built playground (scripts/bench.ts
// builds and serves it): b. click and tap → modal, AllWallets, Account, c. WalletConnect.

/** b. Click and tap → modal visible, over the built playground. */
export async function benchOpen(run: BenchRun, url: string) {
  const { log } = run
  try {
    const open = await measureOpen(`${url}/`)
    printOpen(run, open)
    run.results.open = {
      coldMs: ms(median(open.cold)),
      warmMs: ms(median(open.warm)),
      coldFeedbackMs: ms(median(open.coldFeedback)),
      tapAfterIdleMs: ms(median(open.tapAfterIdle)),
      tapDuringStartupMs: ms(median(open.tapDuringStartup)),
      tapDuringStartupFromPointerDownMs: ms(median(open.tapDuringStartupFromDown)),
      tapsBeforeLoad: open.tapsBeforeLoad,
      tapHoldMs,
      cold: open.cold.map(ms),
      tapAfterIdle: open.tapAfterIdle.map(ms),
      tapDuringStartup: open.tapDuringStartup.map(ms),
      warm: open.warm.map(ms),
      beforeLoadKB: kb(playgroundGzip(open.beforeLoadScripts)),
      byIdleKB: kb(playgroundGzip(open.byIdleScripts)),
      byIdleScripts: open.byIdleScripts.map((s) => relative(url, s)),
      firstOpenScripts: open.firstOpenScripts.map((s) => relative(url, s)),
    }
    if (open.offLoopback.length)
      run.problems.push(`requests off loopback: ${open.offLoopback.join(', ')}`)
  } catch (error) {
    run.problems.push(`open: ${(error as Error).message}`)
    log(`  ✗ click → open measurement failed: ${(error as Error).message}`)
  }
}

/** c. AllWallets with 1,000 wallets. */
export async function benchAllWallets(run: BenchRun, url: string) {
  const { log } = run
  try {
    const all = await measureAllWallets(`${url}/`)
    printAllWallets(run, all)
    run.results.allWallets = {
      firstPaintMs: ms(median(all.firstPaint)),
      searchMs: ms(median(all.search)),
      coldMs: ms(all.cold),
      firstPaint: all.firstPaint.map(ms),
      search: all.search.map(ms),
      rowsInDom: all.rowsInDom,
    }
    if (all.offLoopback.length)
      run.problems.push(`requests off loopback: ${all.offLoopback.join(', ')}`)
  } catch (error) {
    run.problems.push(`allWallets: ${(error as Error).message}`)
    log(`  ✗ AllWallets measurement failed: ${(error as Error).message}`)
  }
}

/** Account with 200 tokens and 1,000 activity rows, read from a chain data stand-in. */
export async function benchAccount(run: BenchRun, url: string) {
  const { log } = run
  const fixtures = await startAccountFixtures()
  try {
    const timings = await measureAccount(url, fixtures.url)
    printAccount(run, timings)
    run.results.account = {
      firstPaintMs: ms(median(timings.firstPaint)),
      toActivityMs: ms(median(timings.toActivity)),
      toTokensMs: ms(median(timings.toTokens)),
      coldMs: ms(timings.cold),
      tokenRowsInDom: timings.tokenRowsInDom,
      activityRowsInDom: timings.activityRowsInDom,
    }
    if (timings.offLoopback.length)
      run.problems.push(`requests off loopback: ${timings.offLoopback.join(', ')}`)
  } catch (error) {
    run.problems.push(`account: ${(error as Error).message}`)
    log(`  ✗ Account measurement failed: ${(error as Error).message}`)
  } finally {
    await fixtures.close()
  }
}

/** c. WalletConnect over the loopback relay. */
export async function benchWalletConnect(
  run: BenchRun,
  url: string,
  relayUrl: string,
  rpc: Record<string, string>,
) {
  try {
    const wc = await measureWalletConnect(`${url}/`, relayUrl, rpc)
    printWalletConnect(run, wc)
    run.results.walletConnect = {
      pickToQrMs: ms(median(wc.pickToQr)),
      uriToApprovedMs: ms(median(wc.uriToApproved)),
      signRoundTripMs: ms(median(wc.signRoundTrip)),
      pickToQr: wc.pickToQr.map(ms),
      uriToApproved: wc.uriToApproved.map(ms),
      signRoundTrip: wc.signRoundTrip.map(ms),
      onDemandKB: kb(wc.onDemandGzip),
      onDemandScripts: wc.onDemandScripts,
      initialWithWalletConnect: wc.initialWithWalletConnect.length,
    }
    if (wc.offLoopback.length)
      run.problems.push(`requests off loopback: ${wc.offLoopback.join(', ')}`)
  } catch (error) {
    run.problems.push(`walletConnect: ${(error as Error).message}`)
    run.log(`  ✗ WalletConnect measurement failed: ${(error as Error).message}`)
  }
}
