import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, test } from 'vitest'

// STYLE.md §1: ui/ → connectors/ → src/, server/ → src/, frame/ → src/. src/ has no React. And no
// module reaches itself again through its imports (type imports and `import()` included): a
// circle makes load order matter and ties every file on it into one unit.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

type Layer = 'src' | 'connectors' | 'ui' | 'server' | 'frame'
const layers: readonly Layer[] = ['src', 'connectors', 'ui', 'server', 'frame']

/** Which of our layers each layer may import from. */
const allowed: Record<Layer, readonly Layer[]> = {
  src: ['src'],
  connectors: ['connectors', 'src'],
  ui: ['ui', 'connectors', 'src'],
  server: ['server', 'src'],
  frame: ['frame', 'src'],
}

/** The file each self-import by name resolves to (tsconfig `paths`). */
const selfImportFiles: Record<string, string> = {
  latchkey: 'src/index.ts',
  'latchkey/connectors': 'connectors/index.ts',
  'latchkey/connectors/walletConnect': 'connectors/walletConnect.ts',
  'latchkey/connectors/socialReturn': 'connectors/socialReturn.ts',
  'latchkey/solana': 'connectors/solana/index.ts',
  'latchkey/react': 'ui/index.ts',
  'latchkey/server': 'server/index.ts',
}

/** Our own package imported by name resolves to a layer, like a relative path. */
const selfImports: Record<string, Layer> = {
  latchkey: 'src',
  'latchkey/connectors': 'connectors',
  'latchkey/connectors/walletConnect': 'connectors',
  'latchkey/connectors/socialReturn': 'connectors',
  'latchkey/solana': 'connectors',
  'latchkey/react': 'ui',
  'latchkey/styles.css': 'ui',
  'latchkey/server': 'server',
}

/** Packages that bring React with them: src/ must stay framework-free. (`wagmi` root is the React binding.) */
function isReactPackage(specifier: string): boolean {
  return (
    /^react(-dom)?(\/|$)/.test(specifier) ||
    specifier === '@tanstack/react-query' ||
    specifier === 'wagmi' ||
    specifier === 'use-sync-external-store' ||
    specifier.startsWith('use-sync-external-store/')
  )
}

/** Every module specifier of a file: import/export … from, side-effect imports, `import()`, `import('x').T`, `require`. */
function findSpecifiers(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind)
  const specifiers: string[] = []
  function add(node: ts.Node | undefined) {
    if (node && ts.isStringLiteralLike(node)) specifiers.push(node.text)
  }
  function visit(node: ts.Node) {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier)
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    )
      add(node.moduleReference.expression)
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal)
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      add(node.arguments[0])
    ts.forEachChild(node, visit)
  }
  visit(file)
  return specifiers
}

/** The layer a specifier lands in, or undefined for a third-party package or a folder outside the layers. */
function targetLayer(fromFile: string, specifier: string): Layer | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(root, resolve(root, dirname(fromFile), specifier))
    const top = target.split(sep)[0]
    return layers.find((layer) => layer === top)
  }
  return selfImports[specifier]
}

/** Whether a specifier from `fromFile` lands in `test/` (harnesses, fixtures, stand-ins). */
function reachesTestFolder(fromFile: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false
  return relative(root, resolve(root, dirname(fromFile), specifier)).split(sep)[0] === 'test'
}

/** Why importing `specifier` from `fromFile` (repo-relative) breaks the direction, or undefined. */
function checkImport(fromFile: string, specifier: string): string | undefined {
  const from = layers.find((layer) => fromFile.split(/[\\/]/)[0] === layer)
  if (!from) return undefined
  // Test harnesses live in test/: a test beside its file may use them, the product never.
  if (!/\.test\.tsx?$/.test(fromFile) && reachesTestFolder(fromFile, specifier))
    return `${fromFile}: ${from}/ imports test/ ('${specifier}')`
  const to = targetLayer(fromFile, specifier)
  if (to && !allowed[from].includes(to))
    return `${fromFile}: ${from}/ imports ${to}/ ('${specifier}')`
  if (from === 'src' && isReactPackage(specifier))
    return `${fromFile}: src/ imports React package '${specifier}'`
  return undefined
}

/** Violations of one file's source. */
function checkFile(fromFile: string, source: string): string[] {
  return findSpecifiers(fromFile, source).flatMap(
    (specifier) => checkImport(fromFile, specifier) ?? [],
  )
}

function listFiles(dir: string, base = root): string[] {
  if (!existsSync(join(base, dir))) return []
  return readdirSync(join(base, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(path, base)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = layers.flatMap((layer) => listFiles(layer))

/** The file (relative to `base`, one of `known`) a specifier names, or undefined for a package or a non-TS file. */
function resolveSpecifier(
  fromFile: string,
  specifier: string,
  known: ReadonlySet<string>,
): string | undefined {
  const self = selfImportFiles[specifier]
  if (self) return join(...self.split('/'))
  if (!specifier.startsWith('.')) return undefined
  const path = join(dirname(fromFile), specifier)
  const stem = path.replace(/\.[cm]?jsx?$/, '')
  const candidates = [
    path,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(path, 'index.ts'),
    join(path, 'index.tsx'),
  ]
  return candidates.find((candidate) => known.has(candidate))
}

/** Each file's imports of other files of the set (files relative to `base`). */
function buildImportGraph(fileList: readonly string[], base = root): Map<string, string[]> {
  const known = new Set(fileList)
  return new Map(
    fileList.map((file) => {
      const targets = findSpecifiers(file, readFileSync(join(base, file), 'utf8')).flatMap(
        (specifier) => resolveSpecifier(file, specifier, known) ?? [],
      )
      return [file, [...new Set(targets)]]
    }),
  )
}

/**
 * The import circles of a graph, one per strongly connected component (Tarjan), each written as
 * one concrete path through it that returns to its start: `a.ts → b.ts → a.ts`.
 */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, index.size)
    low.set(start, index.get(start) ?? 0)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number }
      const edges = graph.get(frame.node) ?? []
      if (frame.next < edges.length) {
        const target = edges[frame.next++] as string
        if (!index.has(target)) {
          index.set(target, index.size)
          low.set(target, index.get(target) ?? 0)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, next: 0 })
        } else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node)
      if (component.length > 1 || selfLoop) components.push(component)
    }
  }
  return components.map((component) => describeCycle(graph, component)).sort()
}

/** One path through a strongly connected component, from its first file (by name) back to it. */
function describeCycle(graph: ReadonlyMap<string, readonly string[]>, component: string[]): string {
  const members = new Set(component)
  const start = [...component].sort()[0] as string
  // Breadth-first from the start's successors back to it: the shortest circle through it.
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift() as string
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target) || previous.has(target)) continue
      previous.set(target, node)
      if (target === start) queue.length = 0
      else queue.push(target)
    }
  }
  const path = [start]
  for (
    let node = previous.get(start);
    node !== undefined && node !== start;
    node = previous.get(node)
  )
    path.unshift(node)
  path.unshift(start)
  const circle = path.map((file) => file.split(sep).join('/')).join(' → ')
  return component.length > 2 ? `${circle} (${component.length} files in this circle)` : circle
}

describe('findSpecifiers', () => {
  test('default: every kind of import, none from comments or strings', () => {
    const source = [
      `/** @example import { a } from 'react' */`,
      `import type { A } from 'type-only'`,
      `import B, { c } from '../ui/b'`,
      `import 'side-effect'`,
      `export * from './star'`,
      `export { d } from "double-quoted"`,
      `const e = await import('dynamic')`,
      `type F = typeof import('import-type')`,
      `const g = require('required')`,
      `// import h from 'commented'`,
      `const i = "import('in-a-string')"`,
    ].join('\n')
    expect(findSpecifiers('src/x.ts', source)).toEqual([
      'type-only',
      '../ui/b',
      'side-effect',
      './star',
      'double-quoted',
      'dynamic',
      'import-type',
      'required',
    ])
  })

  test('behavior: tsx', () => {
    expect(
      findSpecifiers(
        'ui/X.tsx',
        `import { y } from 'y'\nexport const X = () => <p>import('no')</p>`,
      ),
    ).toEqual(['y'])
  })
})

describe('findCycles', () => {
  // Under the repository's ignored .tmp/, like the other tests' scratch folders.
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const fixture = mkdtempSync(join(root, '.tmp', 'import-cycles-'))
  afterAll(() => rmSync(fixture, { recursive: true, force: true }))
  /** Writes the files into a fresh folder and returns the circles the repository check would report. */
  function cyclesOf(files: Record<string, string>): string[] {
    const base = mkdtempSync(join(fixture, 'case-'))
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(dirname(join(base, file)), { recursive: true })
      writeFileSync(join(base, file), source)
    }
    const fileList = layers.flatMap((layer) => listFiles(layer, base))
    return findCycles(buildImportGraph(fileList, base))
  }

  test('behavior: fails on a deliberate circle of type imports across folders', () => {
    const cycles = cyclesOf({
      'ui/context/Context.ts': `import type { Chunk } from '../modal/chunk'\nexport type C = Chunk`,
      'ui/modal/chunk.ts': `import { View } from './View'\nexport const chunk = { View }\nexport type Chunk = typeof chunk`,
      'ui/modal/View.tsx': `import { useContext } from '../hooks/useContext'\nexport const View = () => useContext()`,
      'ui/hooks/useContext.ts': `import type { C } from '../context/Context'\nexport const useContext = (): C | null => null`,
      'ui/leaf.ts': `import { chunk } from './modal/chunk'\nexport const leaf = chunk`,
    })
    expect(cycles).toEqual([
      'ui/context/Context.ts → ui/modal/chunk.ts → ui/modal/View.tsx → ui/hooks/useContext.ts → ui/context/Context.ts (4 files in this circle)',
    ])
  })

  test('behavior: fails on two files importing each other, by `import()`, `import(…).T` and by name, in frame/ too', () => {
    const cycles = cyclesOf({
      'connectors/shell.ts': `export const load = () => import('./shell/session')`,
      'connectors/shell/session.ts': `import type { P } from '../shell.js'\nexport type S = P`,
      'src/index.ts': `export { a } from './a'`,
      'src/a.ts': `import type { X } from 'latchkey'\nexport const a = 1`,
      'src/self.ts': `import type { Y } from './self'\nexport type Y = 1`,
      'frame/page.ts': `import { view } from './view'\nexport const page = view`,
      'frame/view.ts': `export type Page = typeof import('./page')\nexport const view = 1`,
    })
    expect(cycles).toEqual([
      'connectors/shell.ts → connectors/shell/session.ts → connectors/shell.ts',
      'frame/page.ts → frame/view.ts → frame/page.ts',
      'src/a.ts → src/index.ts → src/a.ts',
      'src/self.ts → src/self.ts',
    ])
  })

  test('behavior: a graph without circles passes', () => {
    const graph = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ])
    expect(findCycles(graph)).toEqual([])
  })
})

describe('checkImport', () => {
  test('behavior: fails on wrong-way imports', () => {
    expect(checkFile('src/utils/format.ts', `import { x } from '../../ui/index'`)).toEqual([
      `src/utils/format.ts: src/ imports ui/ ('../../ui/index')`,
    ])
    expect(
      checkFile('src/a.ts', `const m = await import('../connectors/getWalletList')`),
    ).toHaveLength(1)
    expect(checkFile('src/a.ts', `import { useState } from 'react'`)).toEqual([
      `src/a.ts: src/ imports React package 'react'`,
    ])
    expect(checkFile('src/a.ts', `export { renderToString } from 'react-dom/server'`)).toHaveLength(
      1,
    )
    expect(checkFile('src/a.ts', `import { WagmiProvider } from 'wagmi'`)).toHaveLength(1)
    expect(checkFile('src/a.ts', `import { x } from 'latchkey/react'`)).toHaveLength(1)
    expect(checkFile('connectors/a.ts', `import { t } from '../ui/locales/t'`)).toHaveLength(1)
    expect(checkFile('connectors/a.ts', `import { x } from 'latchkey/react'`)).toHaveLength(1)
    expect(checkFile('server/a.ts', `import { x } from '../ui/index'`)).toHaveLength(1)
    expect(checkFile('server/a.ts', `import { x } from '../connectors/index'`)).toHaveLength(1)
    expect(checkFile('ui/a.ts', `import { x } from '../server/index'`)).toHaveLength(1)
    expect(checkFile('frame/a.ts', `import { x } from '../ui/index'`)).toHaveLength(1)
    expect(checkFile('frame/a.ts', `import { x } from '../server/index'`)).toHaveLength(1)
    expect(checkFile('src/a.ts', `import { x } from '../frame/page'`)).toHaveLength(1)
    expect(
      checkFile('src/frame/a.ts', `import { h } from '../../test/harness/frameTestHarness'`),
    ).toEqual([`src/frame/a.ts: src/ imports test/ ('../../test/harness/frameTestHarness')`])
    expect(
      checkFile('frame/a.ts', `import { s } from '../test/harness/startTestServer'`),
    ).toHaveLength(1)
  })

  test('behavior: allows the right direction', () => {
    expect(checkFile('src/stores/s.ts', `import { r } from '../machines/router'`)).toEqual([])
    expect(checkFile('src/a.ts', `import { createStore } from 'zustand/vanilla'`)).toEqual([])
    expect(
      checkFile('src/frame/a.test.ts', `import { h } from '../../test/harness/frameTestHarness'`),
    ).toEqual([])
    expect(checkFile('src/a.ts', `import { mainnet } from 'wagmi/chains'`)).toEqual([])
    expect(checkFile('connectors/a.ts', `import { x } from '../src/index'`)).toEqual([])
    expect(
      checkFile('ui/a.tsx', `import { x } from '../connectors/index'\nimport 'react'`),
    ).toEqual([])
    expect(checkFile('ui/modal/a.tsx', `import { x } from '../../src/networks'`)).toEqual([])
    expect(checkFile('server/a.ts', `import { x } from 'latchkey'`)).toEqual([])
    expect(checkFile('frame/a.ts', `import { x } from '../src/schemas/frame'`)).toEqual([])
  })
})

// Parsing every file of the layers takes seconds, and over 30 s on a loaded 2-core runner (not a
// timing: what is checked is which imports exist).
describe('repository', { timeout: 180_000 }, () => {
  test('behavior: scans the layers', () => {
    expect(files).toContain(join('src', 'stores', 'createRouterStore.ts'))
    expect(
      findSpecifiers(
        'src/stores/createRouterStore.ts',
        readFileSync(join(root, 'src/stores/createRouterStore.ts'), 'utf8'),
      ),
    ).toContain('../machines/router')
  })

  test('behavior: no import goes the wrong way', () => {
    const violations = files.flatMap((file) =>
      checkFile(file, readFileSync(join(root, file), 'utf8')),
    )
    expect(violations).toEqual([])
  })

  test('behavior: no import circle, type imports included', () => {
    expect(findCycles(buildImportGraph(files))).toEqual([])
  })

  test("behavior: src/ never imports 'react'", () => {
    const reactImports = files
      .filter((file) => file.startsWith(`src${sep}`))
      .flatMap((file) =>
        findSpecifiers(file, readFileSync(join(root, file), 'utf8'))
          .filter((specifier) => specifier === 'react' || specifier.startsWith('react/'))
          .map((specifier) => `${file}: ${specifier}`),
      )
    expect(reactImports).toEqual([])
  })
})
