import { readFileSync } from 'node:fs'
import { buildApp } from './bench/bundle'
const app = await buildApp('solana', 'dist', process.argv[2] ?? '.bench/tmp-initial')
for (const chunk of app.initialChunks) {
  const inputs = Object.keys(app.metafile.outputs[chunk.file]?.inputs ?? {}).filter((i) => !i.includes('node_modules'))
  const names = inputs.map((i) => { try { return (readFileSync(i, 'utf8').match(/^\/\/ (src|ui|connectors)\/\S+/gm) ?? []).join(',') } catch { return i } })
  console.log((chunk.gzip / 1024).toFixed(2), names.join(' ').slice(0, 400))
}
