import { type BenchRun, kb, mb } from './benchRun'
import { type ConsumerAppSizes, measureNextConsumer, measureViteConsumer } from './consumerApps'
import { measureInstall } from './installSize'
import { printConsumer, printInstall } from './printConsumers'

/**
 * f. Consumer apps from the packed tarball (bench/consumerApps.ts, bench/installSize.ts): what
 * Latchkey adds to apps built by Vite and Next.js on both wagmi majors, and to a user's install.
 */
export async function benchConsumers(run: BenchRun) {
  const { log, elapsed } = run
  log(
    `\n▸ consumer apps from the packed tarball, each built by its own bundler (Chromium: scripts requested; gzip -9) [${elapsed()}]`,
  )
  const consumers: Record<string, unknown> = {}
  const consumerRuns: [string, string, () => Promise<ConsumerAppSizes>, boolean][] = [
    [
      'Vite, React 19, wagmi 3',
      'viteReact19Wagmi3',
      () => measureViteConsumer('vite-react19-wagmi3'),
      true,
    ],
    [
      'Vite, React 18, wagmi 2',
      'viteReact18Wagmi2',
      () => measureViteConsumer('vite-react18-wagmi2'),
      false,
    ],
    ['Next.js (Turbopack), wagmi 3', 'nextAppRouter', measureNextConsumer, true],
  ]
  for (const [label, key, measure, firstBundleBudget] of consumerRuns) {
    try {
      const report = await measure()
      printConsumer(run, label, report, firstBundleBudget)
      consumers[key] = {
        baselineKB: kb(report.baseline.gzip),
        latchkeyKB: kb(report.latchkey.gzip),
        addedKB: kb(report.added),
        byIdleKB: kb(report.byIdle.gzip),
        firstOpenKB: kb(report.firstOpen.gzip),
        scripts: {
          baseline: report.baseline.files,
          latchkey: report.latchkey.files,
          byIdle: report.byIdle.files,
          firstOpen: report.firstOpen.files,
        },
        seconds: report.seconds,
      }
      if (report.offLoopback.length)
        run.problems.push(`requests off loopback (${label}): ${report.offLoopback.join(', ')}`)
    } catch (error) {
      run.problems.push(`consumer ${label}: ${(error as Error).message.slice(0, 2000)}`)
      log(`  ✗ ${label} measurement failed: ${(error as Error).message.slice(0, 2000)}`)
    }
  }
  log(`\n▸ npm install from the packed tarball, empty folder, --prefer-offline [${elapsed()}]`)
  for (const [label, user] of [
    ['front-end user', 'front'],
    ['server user', 'server'],
  ] as const) {
    try {
      const report = await measureInstall(user)
      printInstall(run, label, report)
      consumers[`install-${user}`] = {
        diskMB: mb(report.withLatchkey.diskBytes),
        packages: report.withLatchkey.packages,
        withoutLatchkeyDiskMB: mb(report.without.diskBytes),
        withoutLatchkeyPackages: report.without.packages,
        topLevel: report.withLatchkey.topLevel,
      }
    } catch (error) {
      run.problems.push(`install ${label}: ${(error as Error).message.slice(0, 2000)}`)
      log(`  ✗ ${label} install failed: ${(error as Error).message.slice(0, 2000)}`)
    }
  }
  run.results.consumers = consumers
}
