/**
 * The last step of `npm run build` for the declarations `tsc -p tsconfig.build.json` wrote: the
 * sources import each other without extensions (`moduleResolution: "Bundler"`), which Node's own
 * resolution (an app on `moduleResolution: "node16"`) does not follow in a `.d.ts`. Each relative
 * specifier gets the name Node resolves: `./x` → `./x.js` (beside `x.d.ts`), `./dir` →
 * `./dir/index.js`. A specifier that names neither fails the build rather than ship a broken type.
 *
 * Usage: `tsx scripts/finishDeclarations.ts <dist>`
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const arg = process.argv[2]
if (!arg) throw new Error('usage: tsx scripts/finishDeclarations.ts <dist>')
const dist = resolve(arg)
/** The repository: `dist` mirrors its folders (tsconfig.build.json's `rootDir`). */
const root = fileURLToPath(new URL('..', import.meta.url))

const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?(?:\/[^'"]*)?)\2/g

/** The specifier Node resolves for `spec`, written in `file`, or undefined when nothing matches. */
function withExtension(file: string, spec: string): string | undefined {
  const target = resolve(dirname(file), spec)
  if (spec.endsWith('.json')) {
    // A typed JSON import (the locale strings): the declaration needs the file beside it.
    const source = join(root, relative(dist, target))
    if (!existsSync(target) && existsSync(source)) copyFileSync(source, target)
    return existsSync(target) ? spec : undefined
  }
  if (spec.endsWith('.js')) return existsSync(target.replace(/\.js$/, '.d.ts')) ? spec : undefined
  if (existsSync(`${target}.d.ts`)) return `${spec}.js`
  if (existsSync(join(target, 'index.d.ts'))) return `${spec.replace(/\/$/, '')}/index.js`
  return undefined
}

function* declarationFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* declarationFiles(path)
    else if (entry.name.endsWith('.d.ts')) yield path
  }
}

const unresolved: string[] = []
let rewritten = 0
for (const file of declarationFiles(dist)) {
  const code = readFileSync(file, 'utf8')
  const next = code
    .split('\n')
    .map((line) =>
      // A doc comment's example (` * import('./modalChunk')`) is not an import of this file.
      /^\s*(?:\*|\/\/|\/\*)/.test(line)
        ? line
        : line.replace(specifier, (match, lead: string, quote: string, spec: string) => {
            const resolved = withExtension(file, spec)
            if (resolved === undefined) {
              unresolved.push(`${file}: '${spec}'`)
              return match
            }
            if (resolved !== spec) rewritten += 1
            return `${lead}${quote}${resolved}${quote}`
          }),
    )
    .join('\n')
  if (next !== code) writeFileSync(file, next)
}
if (unresolved.length > 0)
  throw new Error(`declarations import what the build did not emit:\n${unresolved.join('\n')}`)
console.log(
  `latchkey: ${rewritten} relative imports in ${dist}'s declarations named as Node resolves them`,
)
