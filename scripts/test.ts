/**
 * `npm test`: every Vitest project (unit, ui, e2e), Vitest's own report, then one closing line
 * `N passed, N failed` (`, N skipped` only when some were) that CI reads. Exits non-zero when
 * anything failed or nothing ran. Vitest runs in its own process group so a timeout or Ctrl-C
 * also ends what it started (anvil, Chromium).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface JsonReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numTotalTests: number
  testResults: { status: string; message?: string; assertionResults: { status: string }[] }[]
}

const timeoutMs = 20 * 60 * 1000
const require = createRequire(import.meta.url)
const vitest = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs')
const dir = mkdtempSync(join(tmpdir(), 'latchkey-test-'))
const reportFile = join(dir, 'report.json')

const child = spawn(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', detached: true },
)

const killGroup = (signal: NodeJS.Signals) => {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}
let timedOut = false
const timer = setTimeout(() => {
  timedOut = true
  console.error(`\nvitest ran over ${timeoutMs / 60_000} minutes: stopping it`)
  killGroup('SIGTERM')
  setTimeout(() => killGroup('SIGKILL'), 10_000).unref()
}, timeoutMs)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killGroup(signal)
    setTimeout(() => killGroup('SIGKILL'), 5_000).unref()
  })
}

const code = await new Promise<number>((resolve) => {
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
})
clearTimeout(timer)
// Whatever vitest left behind in its group (a stray anvil, a Chromium) goes too.
killGroup('SIGKILL')

let passed = 0
let failed = 0
let skipped = 0
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport
  passed = report.numPassedTests
  failed = report.numFailedTests
  skipped = report.numPendingTests + report.numTodoTests
  // Tests still running when a worker died or the run was stopped did not pass.
  failed += Math.max(0, report.numTotalTests - passed - failed - skipped)
  // A file that failed to load or whose hooks threw has no failed test of its own: count it.
  for (const file of report.testResults) {
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed').length
    if (file.status === 'failed' && failedTests === 0) failed += 1
  }
} catch {
  console.error('vitest wrote no JSON report')
}
rmSync(dir, { recursive: true, force: true })

if ((code !== 0 || timedOut) && failed === 0) {
  console.error(`vitest exited with code ${code}${timedOut ? ' (timed out)' : ''}`)
  failed = 1
}
if (passed + failed === 0) console.error('no test ran')

console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
