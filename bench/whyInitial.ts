/**
 * `npx tsx bench/whyInitial.ts [sources|dist]`: why is it in the first bundle? Builds the two
 * bench apps like `npm run bench` does and prints the inputs in the latchkey app's initial
 * closure (entry + static imports) that the baseline's does not hold, biggest first, each with
 * the inputs that import it. `dist` reads the package build in .bench/dist (run `npm run bench`
 * or `npx tsup --no-dts --out-dir .bench/dist` first); `sources` (default) reads ui/ and src/.
 */
import { join } from 'node:path'
import type { Metafile } from 'esbuild'
import { type AppBundle, type LatchkeySource, measureBundles } from './bundle'

const source: LatchkeySource = process.argv[2] === 'dist' ? 'dist' : 'sources'
const limit = Number(process.argv[3] ?? 60)
/** `--chain`: also print the shortest static import chain from the app entry. */
const verbose = process.argv.includes('--chain')

function initialOutputs(bundle: AppBundle): string[] {
  const { metafile } = bundle
  return bundle.initialChunks.map((chunk) => chunk.file).filter((f) => metafile.outputs[f])
}

/** Bytes in output per input, over the initial outputs. */
function initialInputs(bundle: AppBundle): Map<string, number> {
  const bytes = new Map<string, number>()
  for (const file of initialOutputs(bundle)) {
    for (const [input, info] of Object.entries(bundle.metafile.outputs[file]?.inputs ?? {}))
      bytes.set(input, (bytes.get(input) ?? 0) + info.bytesInOutput)
  }
  return bytes
}

/** input → inputs in the initial closure importing it (`import()` marked). */
function importers(metafile: Metafile, initial: Map<string, number>): Map<string, string[]> {
  const byTarget = new Map<string, string[]>()
  for (const [input, info] of Object.entries(metafile.inputs)) {
    if (!initial.has(input)) continue
    for (const edge of info.imports) {
      if (edge.external) continue
      const list = byTarget.get(edge.path) ?? []
      list.push(edge.kind === 'dynamic-import' ? `${short(input)} (import())` : short(input))
      byTarget.set(edge.path, list)
    }
  }
  return byTarget
}

/** Shortest chain of static imports from the app entry to `target` (file level). */
function chain(metafile: Metafile, target: string): string[] {
  const entry = Object.keys(metafile.inputs).find((input) => input.startsWith('bench/apps/'))
  if (!entry) return []
  const previous = new Map<string, string>([[entry, '']])
  const queue = [entry]
  while (queue.length) {
    const input = queue.shift() as string
    if (input === target) break
    for (const edge of metafile.inputs[input]?.imports ?? []) {
      if (edge.external || edge.kind === 'dynamic-import' || previous.has(edge.path)) continue
      previous.set(edge.path, input)
      queue.push(edge.path)
    }
  }
  if (!previous.has(target)) return []
  const path = [target]
  for (let at = previous.get(target); at; at = previous.get(at)) path.unshift(at)
  return path.map(short)
}

function short(path: string): string {
  const at = path.lastIndexOf('node_modules/')
  return at === -1 ? path : path.slice(at + 'node_modules/'.length)
}

function main() {
  return measureBundles(source, join(import.meta.dirname, '../.bench/why')).then((report) => {
    const base = initialInputs(report.baseline)
    const mine = initialInputs(report.latchkey)
    const by = importers(report.latchkey.metafile, mine)
    const extra = [...mine]
      .filter(([input, bytes]) => bytes > 0 && !base.has(input))
      .sort((a, b) => b[1] - a[1])
    const total = extra.reduce((sum, [, bytes]) => sum + bytes, 0)
    process.stdout.write(
      `initial closure, latchkey app vs baseline (${source}): ${extra.length} more inputs, ${(total / 1000).toFixed(1)} kB minified; added ${(report.added / 1000).toFixed(1)} kB gzip\n`,
    )
    process.stdout.write('initial chunks:\n')
    for (const chunk of report.latchkey.initialChunks)
      process.stdout.write(`  ${chunk.file} ${(chunk.gzip / 1000).toFixed(1)} kB gzip\n`)
    process.stdout.write('\n')
    for (const [input, bytes] of extra.slice(0, limit)) {
      const from = (by.get(input) ?? []).slice(0, 4).join(', ')
      process.stdout.write(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${short(input)}\n`)
      process.stdout.write(`            ← ${from || '(entry)'}\n`)
      if (verbose) {
        const path = chain(report.latchkey.metafile, input)
        if (path.length) process.stdout.write(`            via ${path.join(' → ')}\n`)
      }
    }
    if (extra.length > limit) process.stdout.write(`… ${extra.length - limit} more\n`)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
