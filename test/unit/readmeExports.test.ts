import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'

// Every name the README gives a user to import must be exported from the entry it names, so a
// documented hook or function cannot go missing (TS2305 in the user's app).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

/** The package's entries, read from source like `exports.test.ts` (each maps 1:1 to a build entry). */
const entries: Record<string, () => Promise<Record<string, unknown>>> = {
  latchkey: () => import('../../src/index'),
  'latchkey/connectors': () => import('../../connectors/index'),
  'latchkey/connectors/walletConnect': () => import('../../connectors/walletConnect'),
  'latchkey/connectors/socialReturn': () => import('../../connectors/socialReturn'),
  'latchkey/solana': () => import('../../connectors/solana/index'),
  'latchkey/react': () => import('../../ui/index'),
  'latchkey/server': () => import('../../server/index'),
}

const loaded = new Map<string, Set<string>>()

// Loading the five entries' sources takes a few seconds on a busy machine.
beforeAll(async () => {
  for (const [entry, load] of Object.entries(entries))
    loaded.set(entry, new Set(Object.keys(await load())))
}, 60_000)

async function exportsOf(entry: string): Promise<Set<string>> {
  const names = loaded.get(entry)
  if (!names) throw new Error(`README names an entry the package does not have: ${entry}`)
  return names
}

/** Names other packages export: the README mentions wagmi's hooks, viem's `http()`, `import()`. */
async function foreignNames(): Promise<Set<string>> {
  const names = new Set(['import'])
  for (const module of [await import('wagmi'), await import('viem'), await import('react')])
    for (const name of Object.keys(module)) names.add(name)
  // wagmi 2's name for wagmi 3's `useConnection`; the README names both.
  names.add('useAccount')
  return names
}

/** `import { a, type B, c as d } from 'latchkey…'` in the README's code blocks: entry → value names. */
function codeImports(): [string, string][] {
  const found: [string, string][] = []
  for (const match of readme.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(latchkey[^']*)'/g)) {
    const [, list = '', entry = ''] = match
    for (const part of list.split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? ''
      if (name && !name.startsWith('type ')) found.push([entry, name])
    }
  }
  return found
}

/** The "Entry points" table: each row's entry and the backticked identifiers it lists. */
function tableNames(): [string, string][] {
  const found: [string, string][] = []
  for (const match of readme.matchAll(/^\| `(latchkey[^`]*)`\s*\|(.*)\|\s*$/gm)) {
    const [, entry = '', cell = ''] = match
    for (const name of cell.matchAll(/`([A-Za-z_$][\w$]*)(?:\(\))?`/g))
      found.push([entry, name[1] ?? ''])
  }
  return found
}

describe('README names only what the package exports', () => {
  test('default: README finds something to check', () => {
    expect(codeImports().length).toBeGreaterThan(5)
    expect(tableNames().length).toBeGreaterThan(5)
  })

  test('default: every latchkey import in a code block resolves', async () => {
    const missing: string[] = []
    for (const [entry, name] of codeImports())
      if (!(await exportsOf(entry)).has(name)) missing.push(`${name} from '${entry}'`)
    expect(missing).toEqual([])
  })

  test('default: every name in the entry points table is exported from its entry', async () => {
    const missing: string[] = []
    for (const [entry, name] of tableNames())
      if (!(await exportsOf(entry)).has(name)) missing.push(`${name} from '${entry}'`)
    expect(missing).toEqual([])
  })

  test('default: every hook the README names is exported from latchkey/react', async () => {
    const react = await exportsOf('latchkey/react')
    const foreign = await foreignNames()
    const hooks = new Set(
      [...readme.matchAll(/`(use[A-Z]\w*)(?:\(\))?`/g)].map((match) => match[1] ?? ''),
    )
    expect(hooks).toContain('useEmailLogin')
    expect(hooks).toContain('useWalletConnect')
    const missing = [...hooks].filter((hook) => !foreign.has(hook) && !react.has(hook))
    expect(missing).toEqual([])
  })

  test('default: every backticked function call the README names is exported by an entry', async () => {
    const ours = new Set<string>()
    for (const entry of Object.keys(entries))
      for (const name of await exportsOf(entry)) ours.add(name)
    const foreign = await foreignNames()
    const calls = new Set(
      [...readme.matchAll(/`([A-Za-z_$][\w$]*)\(\)`/g)].map((match) => match[1] ?? ''),
    )
    // `siwx.getRequired()` is a method of the host's own adapter object, not an export.
    calls.delete('getRequired')
    const missing = [...calls].filter((name) => !foreign.has(name) && !ours.has(name))
    expect(missing).toEqual([])
  })
})
