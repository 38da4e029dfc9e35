/**
 * `npm test`: every Vitest project (unit, ui, integration, e2e, consumers), Vitest's own reports,
 * then one closing line `N passed, N failed` (`, N skipped` only when some were) that CI reads.
 * Exits non-zero when anything failed or nothing ran. Each Vitest runs in its own process group
 * so a timeout or Ctrl-C also ends what it started (anvil, Chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { packLatchkey } from '../test/consumers/packLatchkey'

interface JsonReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numTotalTests: number
  testResults: {
    name: string
    status: string
    message?: string
    assertionResults: { status: string; fullName: string; failureMessages: string[] }[]
  }[]
}

const timeoutMs = 23 * 60 * 1000
const started = performance.now()
const require = createRequire(import.meta.url)
const vitest = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs')
// LATCHKEY_TEST_REPORTS=<dir> keeps Vitest's JSON reports there (per-file timings) after the run.
const keep = process.env.LATCHKEY_TEST_REPORTS
const dir = keep ?? mkdtempSync(join(tmpdir(), 'latchkey-test-'))

/**
 * Vitest runs projects whose files go one at a time (the browser tests, the consumer apps) after
 * the parallel ones, one project after another. Four Vitest processes run side by side instead:
 * the fast projects, the browser tests (three files at a time, see `e2eWorkers`), the consumer
 * apps (mostly npm and bundlers), each with its own chains, and the checks of the packed tarball. With arguments (`npm test -- <filter>`), one process runs them as given.
 */
/** A Vitest process of `npm test`: its projects. */
interface Group {
  name: string
  args: string[]
  /** Scheduling priority (nice) of its processes: groups with slack yield to the critical one. */
  nice?: number
}
const extra = process.argv.slice(2)
const groups: Group[] = extra.length
  ? [{ name: 'all', args: extra }]
  : [
      // Vitest runs cores − 1 files at once: one on a 2-core runner, where the integration files,
      // which mostly wait on servers and timers, then queued behind each other for over 20
      // minutes. Three at a time keeps both cores busy.
      // The fast projects and the tarball checks have slack (they end minutes before the
      // consumer apps, the longest chain): at a lower priority they take what the browser tests
      // and the consumer apps leave.
      {
        name: 'fast',
        args: [
          '--project',
          'unit',
          '--project',
          'unit-isolated',
          '--project',
          'ui',
          '--project',
          'ui-isolated',
          '--project',
          'integration',
          '--project',
          'integration-isolated',
          // The server files again, their test servers on PostgreSQL (vitest.config.ts).
          '--project',
          'integration-pg',
          '--maxWorkers=3',
        ],
        nice: 10,
      },
      { name: 'e2e', args: ['--project', 'e2e'] },
      { name: 'consumers', args: ['--project', 'consumers'] },
      // The checks of the packed tarball (declarations, first bundle, code hygiene): started
      // with the consumer apps, once the tarball is there, beside them.
      { name: 'package', args: ['--project', 'package', '--maxWorkers=2'], nice: 10 },
    ]

interface Running {
  group: Group
  child: ChildProcess
  reportFile: string
}
const children: Running[] = []
const start = (group: Group) => {
  const reportFile = join(dir, `${group.name}.json`)
  const child = spawn(
    process.execPath,
    [
      vitest,
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...group.args,
    ],
    { stdio: 'inherit', detached: true },
  )
  if (group.nice && child.pid !== undefined) {
    try {
      setPriority(child.pid, group.nice)
    } catch {
      // Not allowed here: the group runs at the default priority.
    }
  }
  child.on('exit', () =>
    console.log(
      `[test] ${group.name} ended at ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ),
  )
  children.push({ group, child, reportFile })
}

const killGroups = (signal: NodeJS.Signals) => {
  for (const { child } of children) {
    if (child.pid === undefined) continue
    try {
      process.kill(-child.pid, signal)
    } catch {
      // The group is already gone.
    }
  }
}
let timedOut = false
const timer = setTimeout(() => {
  timedOut = true
  console.error(`\nvitest ran over ${timeoutMs / 60_000} minutes: stopping it`)
  killGroups('SIGTERM')
  setTimeout(() => killGroups('SIGKILL'), 10_000).unref()
}, timeoutMs)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killGroups(signal)
    setTimeout(() => killGroups('SIGKILL'), 5_000).unref()
  })
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? 1)
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
  })

/**
 * The package build (tsup, then tsc for the declarations: half a minute of both cores alone)
 * starts beside the browser tests only, whose first minute is the playground's build and their
 * servers; the other groups start once the tarball is there. The consumer apps, which install it
 * (two at a time), are a long chain after the build: beside all four groups the build
 * took five minutes (63 s alone, when tsup bundled the declarations) and the chain ended the run.
 * The fast projects do not need the tarball but start after it too, so the build gets the cores.
 */
let packFailed = false
if (extra.length) start(groups[0] as (typeof groups)[number])
else {
  const beforePack = new Set(['e2e'])
  for (const group of groups) if (beforePack.has(group.name)) start(group)
  try {
    const packed = await packLatchkey()
    console.log(
      `[test] latchkey build ${packed.buildSeconds.toFixed(1)} s, pack ${packed.packSeconds.toFixed(1)} s`,
    )
  } catch (error) {
    // The files that need the tarball fail with the build's output; the others still run.
    packFailed = true
    console.error('[test] the package build failed:', error)
  }
  if (!timedOut) for (const group of groups) if (!beforePack.has(group.name)) start(group)
}
const codes = await Promise.all(children.map(({ child }) => exited(child)))
clearTimeout(timer)
// Whatever vitest left behind in its groups (a stray anvil, a Chromium) goes too.
killGroups('SIGKILL')

let passed = 0
let failed = 0
let skipped = 0
// CI shows the end of the output: what failed or passed only on its retry is repeated there.
const closing: string[] = []
const firstLine = (message: string | undefined) =>
  (message ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? ''
for (const [index, { group, reportFile }] of children.entries()) {
  let groupFailed = 0
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport
    passed += report.numPassedTests
    groupFailed = report.numFailedTests
    const groupSkipped = report.numPendingTests + report.numTodoTests
    skipped += groupSkipped
    // Tests still running when a worker died or the run was stopped did not pass.
    groupFailed += Math.max(
      0,
      report.numTotalTests - report.numPassedTests - report.numFailedTests - groupSkipped,
    )
    // A test that passed on its retry (integration, e2e) is named, so flakiness stays in sight.
    for (const file of report.testResults)
      for (const test of file.assertionResults)
        if (test.status === 'passed' && test.failureMessages.length > 0)
          closing.push(
            `[test] passed on retry: ${file.name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`,
          )
        else if (test.status === 'failed')
          closing.push(
            `[test] FAILED: ${file.name} › ${test.fullName}: ${firstLine(test.failureMessages.at(-1))}`,
          )
    // A file that failed to load or whose hooks threw has no failed test of its own: count it.
    for (const file of report.testResults) {
      const failedTests = file.assertionResults.filter((t) => t.status === 'failed').length
      if (file.status === 'failed' && failedTests === 0) {
        groupFailed += 1
        closing.push(`[test] FAILED (file): ${file.name}: ${firstLine(file.message)}`)
      }
    }
  } catch {
    console.error(`vitest (${group.name}) wrote no JSON report`)
  }
  const code = codes[index] ?? 1
  if ((code !== 0 || timedOut) && groupFailed === 0) {
    console.error(
      `vitest (${group.name}) exited with code ${code}${timedOut ? ' (timed out)' : ''}`,
    )
    groupFailed = 1
  }
  failed += groupFailed
}
if (!keep) rmSync(dir, { recursive: true, force: true })
if (passed + failed === 0) console.error('no test ran')
for (const line of closing) console.log(line.replace(process.cwd(), '.'))

console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 || packFailed ? 1 : 0)
