import { type BenchRun, kb, mb } from './benchRun'
import type { ConsumerAppSizes } from './consumerApps'
import type { InstallReport } from './installSize'

// How `npm run bench` prints part f (`--only consumers`): the consumer apps built from the packed
// tarball, and the install sizes.

/**
 * One consumer app (bench/consumerApps.ts). `firstBundleBudget` says which of DESIGN.md's bundle
 * budgets apply: the first-bundle one is written for the wagmi 3 stack; the first-open one for any.
 */
export function printConsumer(
  run: BenchRun,
  label: string,
  report: ConsumerAppSizes,
  firstBundleBudget: boolean,
) {
  const { log, figure, plain } = run
  const steps = Object.entries(report.seconds)
    .map(([step, s]) => `${step} ${s} s`)
    .join(', ')
  log(`  ${label} (test/consumers/${report.fixture}; ${steps})`)
  plain('first bundle without Latchkey', `${kb(report.baseline.gzip)} KB`)
  plain('first bundle with Latchkey', `${kb(report.latchkey.gzip)} KB`)
  if (firstBundleBudget) figure(`${label}: added before any click`, kb(report.added), 'KB', 15)
  else plain("added before any click (budget is wagmi 3's)", `${kb(report.added)} KB`)
  plain('JS fetched by idle (before any click)', `${kb(report.byIdle.gzip)} KB`)
  figure(`${label}: first open`, kb(report.firstOpen.gzip), 'KB', 45)
  log(
    `      ${report.latchkey.files.length} scripts before the click (${report.baseline.files.length} without Latchkey), ${report.firstOpen.files.length} on the first open`,
  )
}

/** One user's npm install from the packed tarball (bench/installSize.ts): size and packages. */
export function printInstall(run: BenchRun, label: string, report: InstallReport) {
  const { log, plain } = run
  const { withLatchkey: w, without: wo } = report
  plain(`${label}: installed size`, `${mb(w.diskBytes)} MB`)
  plain(`${label}: packages`, `${w.packages}`)
  log(
    `      without Latchkey ${mb(wo.diskBytes)} MB, ${wo.packages} packages: Latchkey adds ${mb(w.diskBytes - wo.diskBytes)} MB, ${w.packages - wo.packages} packages (install ${w.seconds.toFixed(1)} s)`,
  )
  const extra = Object.entries(w.topLevel)
    .filter(([name]) => !(name in wo.topLevel))
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${mb(bytes)}`)
  log(`      top-level only with Latchkey (MB): ${extra.join(', ') || 'none'}`)
}
