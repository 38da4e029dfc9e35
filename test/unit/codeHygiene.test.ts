import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { findUnsafeCode } from './findUnsafeCode'

// Plan row J: no string becomes code, no weak randomness, no code loaded from a runtime address,
// in what we write. The built package is scanned by codeHygiene.integration.test.ts.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

function files(dir: string, tests: boolean): string[] {
  return readdirSync(join(root, dir)).flatMap((entry) => {
    const path = join(dir, entry)
    if (entry === 'node_modules' || entry.startsWith('.')) return []
    if (statSync(join(root, path)).isDirectory()) return files(path, tests)
    if (!/\.tsx?$/.test(entry) || entry.endsWith('.d.ts')) return []
    return /\.test\.tsx?$/.test(entry) === tests ? [path] : []
  })
}
const sources = (dir: string) => files(dir, false)

describe('findUnsafeCode', () => {
  test('default: finds each refused construct, however it is reached', () => {
    const kinds = (source: string) => findUnsafeCode('a.ts', source).map((found) => found.kind)
    expect(kinds('eval(x)')).toEqual(['eval'])
    expect(kinds('window.eval(x)')).toEqual(['eval'])
    expect(kinds(`globalThis['eval'](x)`)).toEqual(['eval'])
    expect(kinds('new Function("return 1")')).toEqual(['new Function'])
    expect(kinds('Function("return this")()')).toEqual(['new Function'])
    expect(kinds('const r = Math.random')).toEqual(['Math.random'])
    expect(kinds('Math.random() * 10')).toEqual(['Math.random'])
    expect(kinds(`document.createElement('SCRIPT')`)).toEqual(['script element'])
    // Plan J1: a script element whose src is not a path of this origin, or not known.
    const script = (src: string) => `const s = document.createElement('script'); s.src = ${src}`
    expect(kinds(script(`\`https://cdn.example/\${name}.js\``))).toEqual(['script element'])
    expect(kinds(script(`'//cdn.example/x.js'`))).toEqual(['script element'])
    expect(kinds(script('url'))).toEqual(['script element'])
    expect(kinds(script(`\`\${origin}/x.js\``))).toEqual(['script element'])
    expect(
      kinds(
        `const s = document.createElement('script'); s.setAttribute('src', 'https://x.example/a.js')`,
      ),
    ).toEqual(['script element'])
    expect(
      kinds(`const s = document.createElement('script'); s.src = '/a.js'; s.src = next`),
    ).toEqual(['script element'])
    expect(kinds('import(url)')).toEqual(['import(runtime)'])
    const templateImport = `import(\`https://x/$\{a}\`)`
    expect(kinds(templateImport)).toEqual(['import(runtime)'])
  })

  test('behavior: leaves what is safe alone, including words in strings and comments', () => {
    const source = [
      `import('viem')`,
      `import(\`viem\`)`,
      `document.createElement('div')`,
      // Plan J1 allows a script of the page's own origin (the frame's lazily loaded chunk).
      `const own = document.createElement('script'); own.src = \`/frame/assets/\${chunk.name}\``,
      `const mine = document.createElement('script'); mine.src = '/a.js'`,
      `crypto.getRandomValues(new Uint8Array(8))`,
      `const text = 'eval(x) Math.random() new Function()'`,
      `// eval(x); Math.random()`,
      `const evaluate = (x: number) => x; evaluate(1)`,
      `class Function2 {}; new Function2()`,
    ].join('\n')
    expect(findUnsafeCode('a.ts', source)).toEqual([])
  })

  test('behavior: names the line', () => {
    expect(findUnsafeCode('a.ts', 'const a = 1\n\nconst b = Math.random()')).toEqual([
      { file: 'a.ts', line: 3, kind: 'Math.random' },
    ])
  })
})

describe('repository', { timeout: 30_000 }, () => {
  test('error: src, connectors, ui, server and frame hold none of the refused constructs', () => {
    const files = ['src', 'connectors', 'ui', 'server', 'frame'].flatMap(sources)
    expect(files.length).toBeGreaterThan(200)
    const found = files.flatMap((file) =>
      findUnsafeCode(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')),
    )
    expect(found).toEqual([])
  })

  test('error: no test draws from Math.random (fast-check draws, so a failing seed replays)', () => {
    const tests = ['src', 'connectors', 'ui', 'server', 'frame', 'test', 'scripts'].flatMap((dir) =>
      files(dir, true),
    )
    expect(tests.length).toBeGreaterThan(100)
    const found = tests.flatMap((file) =>
      findUnsafeCode(file, readFileSync(join(root, file), 'utf8')).filter(
        (unsafe) => unsafe.kind === 'Math.random',
      ),
    )
    expect(found).toEqual([])
  })
})
