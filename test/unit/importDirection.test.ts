import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

// STYLE.md §1: ui/ → connectors/ → src/, and server/ → src/. src/ has no React.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

type Layer = 'src' | 'connectors' | 'ui' | 'server'
const layers: readonly Layer[] = ['src', 'connectors', 'ui', 'server']

/** Which of our layers each layer may import from. */
const allowed: Record<Layer, readonly Layer[]> = {
  src: ['src'],
  connectors: ['connectors', 'src'],
  ui: ['ui', 'connectors', 'src'],
  server: ['server', 'src'],
}

/** Our own package imported by name resolves to a layer, like a relative path. */
const selfImports: Record<string, Layer> = {
  latchkey: 'src',
  'latchkey/connectors': 'connectors',
  'latchkey/connectors/walletConnect': 'connectors',
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

/** Why importing `specifier` from `fromFile` (repo-relative) breaks the direction, or undefined. */
function checkImport(fromFile: string, specifier: string): string | undefined {
  const from = layers.find((layer) => fromFile.split(/[\\/]/)[0] === layer)
  if (!from) return undefined
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

function listFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = layers.flatMap((layer) => listFiles(layer))

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
  })

  test('behavior: allows the right direction', () => {
    expect(checkFile('src/stores/s.ts', `import { r } from '../machines/router'`)).toEqual([])
    expect(checkFile('src/a.ts', `import { createStore } from 'zustand/vanilla'`)).toEqual([])
    expect(checkFile('src/a.ts', `import { mainnet } from 'wagmi/chains'`)).toEqual([])
    expect(checkFile('connectors/a.ts', `import { x } from '../src/index'`)).toEqual([])
    expect(
      checkFile('ui/a.tsx', `import { x } from '../connectors/index'\nimport 'react'`),
    ).toEqual([])
    expect(checkFile('ui/modal/a.tsx', `import { x } from '../../src/networks'`)).toEqual([])
    expect(checkFile('server/a.ts', `import { x } from 'latchkey'`)).toEqual([])
  })
})

// Parsing every file of the four layers takes seconds on a loaded 2-core machine.
describe('repository', { timeout: 30_000 }, () => {
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
