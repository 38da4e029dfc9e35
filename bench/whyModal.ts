import { join } from 'node:path'
import { measureBundles } from './bundle'

/**
 * `npx tsx bench/whyModal.ts [limit]`: what the modal's first open loads. Builds the bench apps
 * like `npm run bench` and prints the inputs of the chunks fetched on first open, biggest first
 * (minified bytes in the output), grouped by package for node_modules.
 */
const limit = Number(process.argv[2] ?? 50)

const report = await measureBundles('sources', join(import.meta.dirname, '../.bench/why'))
const { metafile } = report.latchkey
const sizes = new Map<string, number>()
for (const chunk of report.modalChunks) {
  const output = Object.entries(metafile.outputs).find(
    ([file]) => chunk.file.endsWith(file) || file.endsWith(chunk.file),
  )
  for (const [input, { bytesInOutput }] of Object.entries(output?.[1].inputs ?? {})) {
    const at = input.lastIndexOf('node_modules/')
    const key =
      at === -1
        ? input
        : `${input
            .slice(at + 13)
            .split('/')
            .slice(0, input.slice(at + 13).startsWith('@') ? 2 : 1)
            .join('/')} (package)`
    sizes.set(key, (sizes.get(key) ?? 0) + bytesInOutput)
  }
}
const rows = [...sizes].sort((a, b) => b[1] - a[1])
process.stdout.write(
  `first open: ${(report.modal / 1000).toFixed(1)} kB gzip, ${rows.length} inputs, ${(rows.reduce((s, [, b]) => s + b, 0) / 1000).toFixed(1)} kB minified\n`,
)
for (const [input, bytes] of rows.slice(0, limit))
  process.stdout.write(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${input}\n`)
