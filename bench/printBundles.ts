import type { BenchRun } from './benchRun'
import { kb } from './benchRun'
import type { BundleReport } from './bundle'
import { kindsOf, type SolanaBundleReport } from './solanaBundle'
import { filesGzip, type LoadStep, type SolanaLoads } from './solanaLoads'
import type { WalletConnectBundleReport } from './walletConnectBundle'

// How `npm run bench` prints part a (`--only bundle`): the esbuild bench apps, WalletConnect and
// Solana in a user's bundle, and the scripts the Solana app fetches in Chromium.

/** a. The esbuild bench apps: what Latchkey adds before any click, and on the first open. */
export function printBundle(run: BenchRun, report: BundleReport) {
  const { log, figure, elapsed } = run
  log(`\n▸ bundle cost (esbuild, minified, gzip -9; Latchkey from ${report.source}) [${elapsed()}]`)
  log(`    baseline (React + wagmi + viem + react-query)  ${kb(report.baseline.initial)} KB`)
  log(`    with provider, button and both connectors      ${kb(report.latchkey.initial)} KB`)
  figure('Latchkey added before any click', kb(report.added), 'KB', 15)
  const growth = report.addedByPackage.slice(0, 6).map(([name, bytes]) => `${name} +${kb(bytes)}`)
  log(`      grew (minified kB): ${growth.join(', ')}`)
  figure('modal chunks loaded on first open', kb(report.modal), 'KB', 45)
  for (const chunk of report.modalChunks)
    log(`      ${chunk.file} ${kb(chunk.gzip)} KB  (${chunk.top.join(', ')})`)
  if (report.laterChunks.length) {
    const later = report.laterChunks.reduce((sum, c) => sum + c.gzip, 0)
    log(
      `    later lazy chunks (not on first open): ${report.laterChunks.length} files, ${kb(later)} KB`,
    )
  }
}

/** WalletConnect in a user's bundle: nothing of its SDK before it is picked. */
export function printWalletConnectBundle(run: BenchRun, report: WalletConnectBundleReport) {
  const { log, figure, elapsed } = run
  log(`\n▸ WalletConnect in a user's bundle (esbuild, bench/apps/walletConnect.tsx) [${elapsed()}]`)
  const inFirst = report.initialWalletConnectInputs.length
  figure('WalletConnect SDK modules in the first bundle', inFirst, 'modules', 0)
  log(`    connector shell in the first bundle: ${kb(report.connectorShellBytes)} KB minified`)
  log(
    `    loaded on demand when WalletConnect is picked: ${kb(report.onDemandGzip)} KB gzip (${report.onDemandFiles.length} files); QR encoder ${kb(report.qrGzip)} KB`,
  )
}

/** Issue 13: Solana in a user's bundle (bench/apps/solana.tsx beside bench/apps/latchkey.tsx). */
export function printSolanaBundle(run: BenchRun, report: SolanaBundleReport, plain: BundleReport) {
  const { log, figure, elapsed } = run
  const { solana } = report
  log(
    `\n▸ Solana in a user's bundle (esbuild, bench/apps/solana.tsx: the Latchkey app plus createSolanaAdapter and <SolanaProvider>) [${elapsed()}]`,
  )
  log(
    `    first bundle with Solana configured            ${kb(solana.initial)} KB  (${solana.initialChunks.length} files; without, ${kb(plain.latchkey.initial)} KB in ${plain.latchkey.initialChunks.length})`,
  )
  // Issue 13's budget: configuring Solana grows the first bundle by at most 5 KB gzip.
  figure('Solana added before any click', kb(report.added), 'KB', 5)
  const moreFiles = solana.initialChunks.length - plain.latchkey.initialChunks.length
  log(
    `      the first bundle's files as one gzip stream: +${kb(report.addedOneStream)} KB (the rest: ${moreFiles} more files, modules the lazy Solana chunks share split out)`,
  )
  const growth = report.addedByPackage.map(([name, bytes]) => `${name} +${kb(bytes)}`)
  log(`      grew (minified kB): ${growth.join(', ')}`)
  figure('Solana libraries in the first bundle', report.lazyInFirst.length, 'modules', 0)
  for (const found of report.lazyInFirst) log(`      ${found}`)
  log(
    '      counted: @wallet-standard/*, @solana/*, the adapter session, the modal Solana views, the transfer encoders',
  )
  figure(
    'Solana code in a first bundle without Solana',
    report.plainFirstBundle.length,
    'modules',
    0,
  )
  for (const found of report.plainFirstBundle) log(`      ${found}`)
  log(
    `      without Solana, first open holds ${report.plainFirstOpen.join(', ') || 'no Solana code'}; lazy Solana outputs emitted, never fetched: ${kb(report.plainLaterGzip)} KB`,
  )
}

/** Which scripts each step fetched in Chromium, Solana's named with their gzip size. */
export function printSolanaLoads(
  run: BenchRun,
  loads: SolanaLoads,
  report: SolanaBundleReport,
  plain: BundleReport,
) {
  const { log, elapsed } = run
  log(
    `    scripts fetched in Chromium (one page each, the Solana test wallet injected) [${elapsed()}]`,
  )
  const steps: Record<LoadStep['step'], string> = {
    load: 'before the load event',
    idle: 'by idle (reconnect, modal preload)',
    open: 'on opening the modal',
    pick: 'on picking the Solana wallet',
    reload: 'after a reload, wallet remembered',
  }
  const line = (label: string, metafile: BundleReport['latchkey']['metafile'], step: LoadStep) => {
    const solana = step.files
      .map((file) => ({ file, kinds: kindsOf(metafile, file).filter((k) => k !== 'modal') }))
      .filter(({ kinds }) => kinds.length)
      .map(({ file, kinds }) => `${kinds.join('+')} ${kb(filesGzip([file]))} KB`)
    const all =
      step.step === 'reload' ? '' : `${step.files.length} files, ${kb(filesGzip(step.files))} KB; `
    log(
      `      ${label.padEnd(15)} ${steps[step.step].padEnd(35)} ${all}Solana: ${solana.join(', ') || 'none'}`,
    )
  }
  for (const step of loads.solana) line('with Solana', report.solana.metafile, step)
  for (const step of loads.plain) line('without Solana', plain.latchkey.metafile, step)
}
