import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

// What every part of `npm run bench` (scripts/bench.ts) reports into: the figures judged against
// DESIGN.md's budgets, the problems, the results written to .bench/results.json, and the clock.

/** A figure judged against its budget, as written to results.json. */
export interface Figure {
  name: string
  value: number
  unit: 'KB' | 'ms' | 'modules'
  budget: number
  ok: boolean
}

/** kB of 1,000 bytes (the stricter reading of the budgets). */
export const kb = (bytes: number) => Math.round(bytes / 100) / 10
/** Milliseconds to one decimal. */
export const ms = (value: number) => Math.round(value * 10) / 10
/** MB of 1,000,000 bytes. */
export const mb = (bytes: number) => Math.round(bytes / 100_000) / 10

/** One bench run: each part prints through it and adds its results, figures and problems. */
export interface BenchRun {
  /** The folder for results.json and the parts' build outputs (`.bench`). */
  out: string
  /** Written to results.json: one key per part, beside the date and Node's version. */
  results: Record<string, unknown>
  figures: Figure[]
  problems: string[]
  log(line?: string): void
  /** A figure with a budget: printed with ✓ or ✗, and counted in the summary. */
  figure(name: string, value: number, unit: Figure['unit'], budget: number): void
  /** A figure DESIGN.md has no budget for: printed, never judged. */
  plain(name: string, value: string): void
  /** Time since the run started, as printed in each part's heading. */
  elapsed(): string
  /** Writes `<out>/results.json` and prints the summary line. */
  finish(): void
}

/** A new run writing into `out`; its clock starts now. */
export function createBenchRun(out: string): BenchRun {
  const started = Date.now()
  const results: Record<string, unknown> = {}
  const figures: Figure[] = []
  const problems: string[] = []
  const log = (line = '') => {
    process.stdout.write(`${line}\n`)
  }
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
  return {
    out,
    results,
    figures,
    problems,
    log,
    elapsed,
    figure(name, value, unit, budget) {
      // A size or time below zero is a broken measurement, never a met budget.
      const ok = Number.isFinite(value) && value >= 0 && value <= budget
      figures.push({ name, value, unit, budget, ok })
      log(
        `  ${ok ? '✓' : '✗'} ${name.padEnd(46)} ${`${value} ${unit}`.padStart(10)}   budget ≤ ${budget} ${unit}`,
      )
    },
    plain(name, value) {
      log(`    ${name.padEnd(46)} ${value.padStart(10)}`)
    },
    finish() {
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
    },
  }
}
