/**
 * `npm run bench`: bundle cost and speed against DESIGN.md's budgets. Prints ✓/✗ per figure,
 * writes `.bench/results.json`, and never fails on a missed budget (benchmarks are not tests).
 * `npm run bench -- --only <part>[,<part>…]` runs only those parts: `bundle` (a: esbuild app,
 * WalletConnect and Solana bundles, and when the Solana app's chunks load in Chromium), `open`
 * (b: click and tap → modal), `allWallets`, `account` (Account with 200 tokens and 1,000
 * activity rows: first paint, tab switch), `walletConnect` (c), `embedded` (d), `deviceProof`
 * (e), `sealed` (issue 16: signing with the key reassembled in the frame, a new device's passkey
 * login), `consumers` (f: the consumer apps built from the packed tarball and the install sizes;
 * needs the npm registry, or npm's cache, for the installs), `serverThroughput` (g: connect-email
 * and signing requests per second with 1 and 3 server instances on SQLite and PostgreSQL).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as viteBuild } from 'vite'
import { startAccountFixtures } from '../bench/accountFixtures'
import {
  type BundleReport,
  benchDist,
  gzipSize,
  type LatchkeySource,
  measureBundles,
} from '../bench/bundle'
import {
  type ConsumerAppSizes,
  measureNextConsumer,
  measureViteConsumer,
} from '../bench/consumerApps'
import { measureDeviceProof } from '../bench/deviceProof'
import { measureEmbedded, printEmbedded } from '../bench/embedded'
import { type InstallReport, measureInstall } from '../bench/installSize'
import { type AccountTimings, measureAccount } from '../bench/measureAccount'
import {
  type AllWalletsTimings,
  measureAllWallets,
  measureOpen,
  median,
  type OpenTimings,
  tapHoldMs,
} from '../bench/measureBrowser'
import { measureWalletConnect, type WalletConnectTimings } from '../bench/measureWalletConnect'
import { measureSealed } from '../bench/sealed'
import { measureServerThroughput } from '../bench/serverThroughput'
import { kindsOf, measureSolanaBundle, type SolanaBundleReport } from '../bench/solanaBundle'
import {
  filesGzip,
  type LoadStep,
  measureSolanaLoads,
  type SolanaLoads,
} from '../bench/solanaLoads'
import {
  measureWalletConnectBundle,
  type WalletConnectBundleReport,
} from '../bench/walletConnectBundle'
import { type AnvilNode, startAnvil } from '../test/harness/anvil'
import { type PlaygroundServer, startPlaygroundServer } from '../test/harness/playgroundServer'
import { type Relay, startRelay } from '../test/relay/startRelay'

// Extensionless relative imports (house style) are fine for Vite's default config loader.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = join(repo, '.bench')
const started = Date.now()
const parts = [
  'bundle',
  'open',
  'allWallets',
  'account',
  'walletConnect',
  'embedded',
  'deviceProof',
  'sealed',
  'consumers',
  'serverThroughput',
] as const
type Part = (typeof parts)[number]
/** `--only a,b` (or `--only=a,b`): the parts to run; all of them without it. */
const only = (() => {
  const args = process.argv.slice(2).join(' ').replace('--only=', '--only ')
  const match = /--only\s+(\S+)/.exec(args)
  if (!match?.[1]) return new Set<Part>(parts)
  const asked = match[1].split(',')
  const unknown = asked.filter((name) => !parts.includes(name as Part))
  if (unknown.length) {
    process.stderr.write(
      `unknown bench part(s): ${unknown.join(', ')}; parts: ${parts.join(', ')}\n`,
    )
    process.exit(2)
  }
  return new Set(asked as Part[])
})()
const runs = (part: Part) => only.has(part)

interface Figure {
  name: string
  value: number
  unit: 'KB' | 'ms' | 'modules'
  budget: number
  ok: boolean
}

const figures: Figure[] = []
const problems: string[] = []
/** kB of 1,000 bytes (the stricter reading of the budgets). */
const kb = (bytes: number) => Math.round(bytes / 100) / 10
const ms = (value: number) => Math.round(value * 10) / 10

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

function figure(name: string, value: number, unit: Figure['unit'], budget: number) {
  // A size or time below zero is a broken measurement, never a met budget.
  const ok = Number.isFinite(value) && value >= 0 && value <= budget
  figures.push({ name, value, unit, budget, ok })
  log(
    `  ${ok ? '✓' : '✗'} ${name.padEnd(46)} ${`${value} ${unit}`.padStart(10)}   budget ≤ ${budget} ${unit}`,
  )
}

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`
}

/**
 * The package build (tsup.config.ts) into .bench/dist, JavaScript only: declarations cost users
 * no bytes, and others' dist/ stays as they left it. False when it cannot be built yet.
 */
function buildPackage(): boolean {
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
    problems.push('tsup failed: bundle figures measured from the sources instead of dist')
    log(
      `  tsup failed (${result.error?.message ?? `exit ${result.status}`}); measuring from the sources\n    ${tail}`,
    )
  }
  return ok
}

function printBundle(report: BundleReport) {
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

/** gzip bytes of playground scripts by URL (Vite build in playground/dist). */
function playgroundGzip(urls: string[]): number {
  const files = urls.map((url) => join(repo, 'playground/dist', new URL(url).pathname))
  return files.filter((f) => existsSync(f)).reduce((sum, f) => sum + gzipSize(f), 0)
}

function printOpen(timings: OpenTimings) {
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

function printAllWallets(timings: AllWalletsTimings) {
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

function printWalletConnectBundle(report: WalletConnectBundleReport) {
  log(`\n▸ WalletConnect in a user's bundle (esbuild, bench/apps/walletConnect.tsx) [${elapsed()}]`)
  const inFirst = report.initialWalletConnectInputs.length
  figure('WalletConnect SDK modules in the first bundle', inFirst, 'modules', 0)
  log(`    connector shell in the first bundle: ${kb(report.connectorShellBytes)} KB minified`)
  log(
    `    loaded on demand when WalletConnect is picked: ${kb(report.onDemandGzip)} KB gzip (${report.onDemandFiles.length} files); QR encoder ${kb(report.qrGzip)} KB`,
  )
}

/** Issue 13: Solana in a user's bundle (bench/apps/solana.tsx beside bench/apps/latchkey.tsx). */
function printSolanaBundle(report: SolanaBundleReport, plain: BundleReport) {
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
function printSolanaLoads(loads: SolanaLoads, report: SolanaBundleReport, plain: BundleReport) {
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

function printWalletConnect(timings: WalletConnectTimings) {
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

/** MB of 1,000,000 bytes. */
const mb = (bytes: number) => Math.round(bytes / 100_000) / 10

/** A figure DESIGN.md has no budget for: printed, never judged. */
function plain(name: string, value: string) {
  log(`    ${name.padEnd(46)} ${value.padStart(10)}`)
}

/**
 * One consumer app (bench/consumerApps.ts). `budgets` says which of DESIGN.md's bundle budgets
 * apply: the first-bundle one is written for the wagmi 3 stack; the first-open one for any.
 */
function printConsumer(label: string, report: ConsumerAppSizes, firstBundleBudget: boolean) {
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

function printInstall(label: string, report: InstallReport) {
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

/**
 * f. Consumer apps from the packed tarball (bench/consumerApps.ts, bench/installSize.ts): what
 * Latchkey adds to apps built by Vite and Next.js on both wagmi majors, and to a user's install.
 */
async function benchConsumers(results: Record<string, unknown>) {
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
      printConsumer(label, report, firstBundleBudget)
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
        problems.push(`requests off loopback (${label}): ${report.offLoopback.join(', ')}`)
    } catch (error) {
      problems.push(`consumer ${label}: ${(error as Error).message.slice(0, 2000)}`)
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
      printInstall(label, report)
      consumers[`install-${user}`] = {
        diskMB: mb(report.withLatchkey.diskBytes),
        packages: report.withLatchkey.packages,
        withoutLatchkeyDiskMB: mb(report.without.diskBytes),
        withoutLatchkeyPackages: report.without.packages,
        topLevel: report.withLatchkey.topLevel,
      }
    } catch (error) {
      problems.push(`install ${label}: ${(error as Error).message.slice(0, 2000)}`)
      log(`  ✗ ${label} install failed: ${(error as Error).message.slice(0, 2000)}`)
    }
  }
  results.consumers = consumers
}

async function main() {
  mkdirSync(out, { recursive: true })
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version }
  const browserParts =
    runs('open') || runs('allWallets') || runs('account') || runs('walletConnect')
  const anvilsReady = browserParts
    ? Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
    : Promise.resolve([])
  anvilsReady.catch(() => undefined)
  let anvils: AnvilNode[] = []
  let server: PlaygroundServer | undefined
  let relay: Relay | undefined

  try {
    // a. Bundle cost.
    if (runs('bundle')) await benchBundles(results)

    // b, c. In Chromium, over the built playground.
    if (browserParts)
      try {
        log(`\n▸ playground build (vite build) [${elapsed()}]`)
        await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
        anvils = await anvilsReady
        const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
        relay = await startRelay()
        server = await startPlaygroundServer({
          root: join(repo, 'playground/dist'),
          rpc,
          relay: relay.url,
        })
        log(`  served at ${server.url} [${elapsed()}]`)
        if (runs('open')) await benchOpen(results, server.url)
        if (runs('allWallets')) await benchAllWallets(results, server.url)
        if (runs('account')) await benchAccount(results, server.url)
        if (runs('walletConnect')) await benchWalletConnect(results, server.url, relay.url, rpc)
      } catch (error) {
        problems.push(`browser: ${(error as Error).message}`)
        log(`  ✗ playground build or server failed: ${(error as Error).message}`)
      }
  } finally {
    await server?.stop().catch(() => undefined)
    await relay?.stop().catch(() => undefined)
    if (!anvils.length) anvils = await anvilsReady.catch(() => [])
    await Promise.all(anvils.map((node) => node.stop().catch(() => undefined)))
  }

  if (runs('embedded')) await benchEmbedded(results)
  if (runs('deviceProof')) await benchDeviceProof(results)
  if (runs('sealed')) await benchSealed(results)
  if (runs('consumers')) await benchConsumers(results)
  if (runs('serverThroughput')) await benchServerThroughput(results)

  finish(results)
}

/** a. Bundle cost: the esbuild bench apps, WalletConnect and Solana in a user's bundle. */
async function benchBundles(results: Record<string, unknown>) {
  let bundles: BundleReport | undefined
  try {
    const source: LatchkeySource = buildPackage() ? 'dist' : 'sources'
    const report = await measureBundles(source, join(out, 'esbuild'))
    bundles = report
    printBundle(report)
    results.bundle = {
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
    problems.push(`bundle: ${(error as Error).message}`)
    log(`  ✗ bundle measurement failed: ${(error as Error).message}`)
  }
  try {
    const report = await measureWalletConnectBundle(join(out, 'esbuild/walletConnect'))
    printWalletConnectBundle(report)
    results.walletConnectBundle = {
      initialWalletConnectInputs: report.initialWalletConnectInputs.length,
      connectorShellMinifiedKB: kb(report.connectorShellBytes),
      onDemandKB: kb(report.onDemandGzip),
      qrKB: kb(report.qrGzip),
    }
  } catch (error) {
    problems.push(`walletConnect bundle: ${(error as Error).message}`)
    log(`  ✗ WalletConnect bundle measurement failed: ${(error as Error).message}`)
  }
  if (bundles) await benchSolanaBundle(results, bundles)
}

/** Issue 13: the Solana bench app's first bundle, and when its Solana chunks load (Chromium). */
async function benchSolanaBundle(results: Record<string, unknown>, plain: BundleReport) {
  let report: SolanaBundleReport
  try {
    report = await measureSolanaBundle(plain.latchkey, plain.source, join(out, 'esbuild'))
    printSolanaBundle(report, plain)
    results.solanaBundle = {
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
    problems.push(`solana bundle: ${(error as Error).message}`)
    log(`  ✗ Solana bundle measurement failed: ${(error as Error).message}`)
    return
  }
  try {
    const loads = await measureSolanaLoads(report.solana, plain.latchkey)
    printSolanaLoads(loads, report, plain)
    results.solanaLoads = { withSolana: loads.solana, withoutSolana: loads.plain }
    problems.push(...loads.problems.map((problem) => `solana loads: ${problem}`))
  } catch (error) {
    problems.push(`solana loads: ${(error as Error).message}`)
    log(`  ✗ Solana loads in Chromium failed: ${(error as Error).message}`)
  }
}

/** b. Click and tap → modal visible, over the built playground. */
async function benchOpen(results: Record<string, unknown>, url: string) {
  try {
    const open = await measureOpen(`${url}/`)
    printOpen(open)
    results.open = {
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
      problems.push(`requests off loopback: ${open.offLoopback.join(', ')}`)
  } catch (error) {
    problems.push(`open: ${(error as Error).message}`)
    log(`  ✗ click → open measurement failed: ${(error as Error).message}`)
  }
}

/** c. AllWallets with 1,000 wallets. */
async function benchAllWallets(results: Record<string, unknown>, url: string) {
  try {
    const all = await measureAllWallets(`${url}/`)
    printAllWallets(all)
    results.allWallets = {
      firstPaintMs: ms(median(all.firstPaint)),
      searchMs: ms(median(all.search)),
      coldMs: ms(all.cold),
      firstPaint: all.firstPaint.map(ms),
      search: all.search.map(ms),
      rowsInDom: all.rowsInDom,
    }
    if (all.offLoopback.length)
      problems.push(`requests off loopback: ${all.offLoopback.join(', ')}`)
  } catch (error) {
    problems.push(`allWallets: ${(error as Error).message}`)
    log(`  ✗ AllWallets measurement failed: ${(error as Error).message}`)
  }
}

function printAccount(timings: AccountTimings) {
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

/** Account with 200 tokens and 1,000 activity rows, read from a chain data stand-in. */
async function benchAccount(results: Record<string, unknown>, url: string) {
  const fixtures = await startAccountFixtures()
  try {
    const timings = await measureAccount(url, fixtures.url)
    printAccount(timings)
    results.account = {
      firstPaintMs: ms(median(timings.firstPaint)),
      toActivityMs: ms(median(timings.toActivity)),
      toTokensMs: ms(median(timings.toTokens)),
      coldMs: ms(timings.cold),
      tokenRowsInDom: timings.tokenRowsInDom,
      activityRowsInDom: timings.activityRowsInDom,
    }
    if (timings.offLoopback.length)
      problems.push(`requests off loopback: ${timings.offLoopback.join(', ')}`)
  } catch (error) {
    problems.push(`account: ${(error as Error).message}`)
    log(`  ✗ Account measurement failed: ${(error as Error).message}`)
  } finally {
    await fixtures.close()
  }
}

/** c. WalletConnect over the loopback relay. */
async function benchWalletConnect(
  results: Record<string, unknown>,
  url: string,
  relayUrl: string,
  rpc: Record<string, string>,
) {
  try {
    const wc = await measureWalletConnect(`${url}/`, relayUrl, rpc)
    printWalletConnect(wc)
    results.walletConnect = {
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
    if (wc.offLoopback.length) problems.push(`requests off loopback: ${wc.offLoopback.join(', ')}`)
  } catch (error) {
    problems.push(`walletConnect: ${(error as Error).message}`)
    log(`  ✗ WalletConnect measurement failed: ${(error as Error).message}`)
  }
}

/** d. Embedded wallet (bench/embedded.ts): figures only, no budgets. */
async function benchEmbedded(results: Record<string, unknown>) {
  // d. Embedded wallet (bench/embedded.ts): figures only, no budgets.
  try {
    log(`\n▸ embedded wallet (server in-process, Chromium, loopback) [${elapsed()}]`)
    const embedded = await measureEmbedded()
    printEmbedded(embedded, log)
    results.embedded = embedded
    // Issue 8's budgets: the approval path and login stay fast with device proofs.
    if (embedded.signing)
      figure(
        'approval: click → result (500 ms guard excluded)',
        ms(embedded.signing.clickToResult.medianMs),
        'ms',
        50,
      )
    if (embedded.emailConnect)
      figure(
        'login: CONNECT_OTP → session',
        ms(embedded.emailConnect.connectOtp.medianMs),
        'ms',
        200,
      )
    problems.push(...embedded.problems)
    if (embedded.offLoopback.length)
      problems.push(`requests off loopback: ${embedded.offLoopback.join(', ')}`)
  } catch (error) {
    problems.push(`embedded: ${(error as Error).message}`)
    log(`  ✗ embedded wallet measurement failed: ${(error as Error).message}`)
  }
}

/** e. Device proof (bench/deviceProof.ts): server time a proof adds to each request. */
async function benchDeviceProof(results: Record<string, unknown>) {
  // e. Device proof (bench/deviceProof.ts): server time a proof adds to each request.
  try {
    log(
      `\n▸ device proof: server verification per request (SQLite file, 1,000 proofs) [${elapsed()}]`,
    )
    const proof = await measureDeviceProof()
    figure('device proof verify (median)', ms(proof.verify.medianMs), 'ms', 2)
    log(
      `      p99 ${proof.verify.p99Ms} ms; the jti INSERT alone ${proof.jtiInsert.medianMs} ms; client signs one in ${proof.sign.medianMs} ms`,
    )
    results.deviceProof = proof
  } catch (error) {
    problems.push(`device proof: ${(error as Error).message}`)
    log(`  ✗ device proof measurement failed: ${(error as Error).message}`)
  }
}

/** Sealed wallets (bench/sealed.ts, issue 16): signing with reassembly, new-device passkey login. */
async function benchSealed(results: Record<string, unknown>) {
  try {
    log(
      `\n▸ sealed wallet: three-site lab, Chromium, virtual authenticator, loopback [${elapsed()}]`,
    )
    const sealed = await measureSealed()
    figure('sealed signing: click → result', sealed.signing.clickToResult.medianMs, 'ms', 50)
    figure(
      '  of it in the frame (server waits excluded)',
      sealed.signing.inFrame.medianMs,
      'ms',
      20,
    )
    figure(
      'new device: passkey click → signed in',
      sealed.newDevice.passkeyLogin.medianMs,
      'ms',
      1000,
    )
    log(`      then its first signature: click → result ${sealed.newDevice.firstSign.medianMs} ms`)
    results.sealed = sealed
  } catch (error) {
    problems.push(`sealed: ${(error as Error).message}`)
    log(`  ✗ sealed wallet measurement failed: ${(error as Error).message}`)
  }
}

/** g. Server throughput (bench/serverThroughput.ts): figures only, no budgets. */
async function benchServerThroughput(results: Record<string, unknown>) {
  try {
    log(
      `\n▸ server throughput: 16 clients for 4 s each, instances as child processes behind a round-robin proxy, loopback [${elapsed()}]`,
    )
    const figures = await measureServerThroughput()
    for (const each of figures)
      log(
        `      ${each.database.padEnd(8)} ${each.instances} instance${each.instances === 1 ? ' ' : 's'}  ${each.request.padEnd(13)} ${String(each.perSecond).padStart(5)} req/s  p50 ${each.p50Ms} ms  p99 ${each.p99Ms} ms${each.failed ? `  (${each.failed} failed)` : ''}`,
      )
    results.serverThroughput = figures
    const failed = figures.filter((each) => each.failed > 0)
    if (failed.length) problems.push(`server throughput: failed requests in ${failed.length} runs`)
  } catch (error) {
    problems.push(`server throughput: ${(error as Error).message}`)
    log(`  ✗ server throughput measurement failed: ${(error as Error).message}`)
  }
}

/** Writes .bench/results.json and prints the summary line. */
function finish(results: Record<string, unknown>) {
  results.figures = figures
  results.problems = problems
  results.seconds = Math.round((Date.now() - started) / 100) / 10
  writeFileSync(join(out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)

  const met = figures.filter((f) => f.ok).length
  log(
    `\n${met} of ${figures.length} budgets met${problems.length ? `; ${problems.length} problem(s):` : ''}`,
  )
  for (const problem of problems) log(`  - ${problem}`)
  log(`results: ${relative(process.cwd(), join(out, 'results.json'))} (${elapsed()})`)
}

main()
  .catch((error: unknown) => {
    console.error(error)
  })
  .finally(() => process.exit(0))
