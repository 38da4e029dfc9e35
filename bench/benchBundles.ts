import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type BenchRun, kb } from './benchRun'
import { type BundleReport, benchDist, type LatchkeySource, measureBundles } from './bundle'
import {
  printBundle,
  printSolanaBundle,
  printSolanaLoads,
  printWalletConnectBundle,
} from './printBundles'
import { measureSolanaBundle, type SolanaBundleReport } from './solanaBundle'
import { measureSolanaLoads } from './solanaLoads'
import { measureWalletConnectBundle } from './walletConnectBundle'

const repo = resolve(import.meta.dirname, '..')

/**
 * The package build (tsup.config.ts) into .bench/dist, JavaScript only: declarations cost users
 * no bytes, and others' dist/ stays as they left it. False when it cannot be built yet.
 */
function buildPackage(run: BenchRun): boolean {
  const { log } = run
  log(`▸ package build (npx tsup --no-dts --out-dir ${benchDist})…`)
  const result = spawnSync('npx', ['tsup', '--no-dts', '--out-dir', benchDist], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 150_000,
  })
  const ok = result.status === 0 && existsSync(join(repo, benchDist, 'ui/index.js'))
  if (!ok) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`
      .trim()
      .split('\n')
      .slice(-8)
      .join('\n    ')
    run.problems.push('tsup failed: bundle figures measured from the sources instead of dist')
    log(
      `  tsup failed (${result.error?.message ?? `exit ${result.status}`}); measuring from the sources\n    ${tail}`,
    )
  }
  return ok
}

/** a. Bundle cost: the esbuild bench apps, WalletConnect and Solana in a user's bundle. */
export async function benchBundles(run: BenchRun) {
  const { log } = run
  let bundles: BundleReport | undefined
  try {
    const source: LatchkeySource = buildPackage(run) ? 'dist' : 'sources'
    const report = await measureBundles(source, join(run.out, 'esbuild'))
    bundles = report
    printBundle(run, report)
    run.results.bundle = {
      source,
      baselineKB: kb(report.baseline.initial),
      latchkeyKB: kb(report.latchkey.initial),
      addedKB: kb(report.added),
      modalKB: kb(report.modal),
      addedByPackageMinifiedKB: Object.fromEntries(
        report.addedByPackage.map(([n, b]) => [n, kb(b)]),
      ),
      initialChunks: report.latchkey.initialChunks,
      baselineChunks: report.baseline.initialChunks,
      modalChunks: report.modalChunks,
      laterChunks: report.laterChunks,
    }
  } catch (error) {
    run.problems.push(`bundle: ${(error as Error).message}`)
    log(`  ✗ bundle measurement failed: ${(error as Error).message}`)
  }
  try {
    const report = await measureWalletConnectBundle(join(run.out, 'esbuild/walletConnect'))
    printWalletConnectBundle(run, report)
    run.results.walletConnectBundle = {
      initialWalletConnectInputs: report.initialWalletConnectInputs.length,
      connectorShellMinifiedKB: kb(report.connectorShellBytes),
      onDemandKB: kb(report.onDemandGzip),
      qrKB: kb(report.qrGzip),
    }
  } catch (error) {
    run.problems.push(`walletConnect bundle: ${(error as Error).message}`)
    log(`  ✗ WalletConnect bundle measurement failed: ${(error as Error).message}`)
  }
  if (bundles) await benchSolanaBundle(run, bundles)
}

/** Issue 13: the Solana bench app's first bundle, and when its Solana chunks load (Chromium). */
async function benchSolanaBundle(run: BenchRun, plain: BundleReport) {
  const { log } = run
  let report: SolanaBundleReport
  try {
    report = await measureSolanaBundle(plain.latchkey, plain.source, join(run.out, 'esbuild'))
    printSolanaBundle(run, report, plain)
    run.results.solanaBundle = {
      solanaKB: kb(report.solana.initial),
      addedKB: kb(report.added),
      addedOneStreamKB: kb(report.addedOneStream),
      addedByPackageMinifiedKB: Object.fromEntries(
        report.addedByPackage.map(([n, b]) => [n, kb(b)]),
      ),
      initialChunks: report.solana.initialChunks,
      solanaInFirstBundle: report.lazyInFirst,
      kinds: report.kinds,
      withoutSolana: {
        firstBundle: report.plainFirstBundle,
        firstOpen: report.plainFirstOpen,
        laterKB: kb(report.plainLaterGzip),
      },
    }
  } catch (error) {
    run.problems.push(`solana bundle: ${(error as Error).message}`)
    log(`  ✗ Solana bundle measurement failed: ${(error as Error).message}`)
    return
  }
  try {
    const loads = await measureSolanaLoads(report.solana, plain.latchkey)
    printSolanaLoads(run, loads, report, plain)
    run.results.solanaLoads = { withSolana: loads.solana, withoutSolana: loads.plain }
    run.problems.push(...loads.problems.map((problem) => `solana loads: ${problem}`))
  } catch (error) {
    run.problems.push(`solana loads: ${(error as Error).message}`)
    log(`  ✗ Solana loads in Chromium failed: ${(error as Error).message}`)
  }
}
