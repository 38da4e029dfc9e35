import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** A package's name from an import path (`hono/cors` → `hono`, `@hono/node-server` stays). */
function packageName(path: string): string {
  const [first, second] = path.split('/')
  return first?.startsWith('@') ? `${first}/${second}` : (first as string)
}

/**
 * Every package Node loads when `latchkey/server` or the `latchkey` bin runs, static or
 * `import()`: what a server-only install must hold, and nothing of the front end.
 */
async function serverPackages(): Promise<string[]> {
  const result = await build({
    entryPoints: [resolve(root, 'server/index.ts'), resolve(root, 'server/cli.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    outdir: '/tmp/latchkey-server-imports',
    write: false,
    metafile: true,
    packages: 'external',
    logLevel: 'silent',
  })
  const reached = new Set<string>()
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !imported.path.startsWith('node:'))
        reached.add(packageName(imported.path))
  return [...reached].sort()
}

type Manifest = {
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

describe('server install (issue 9, item 10)', () => {
  test('behavior: the server entry and the bin reach no React, wagmi, TanStack Query or motion', async () => {
    const reached = await serverPackages()
    const frontEnd = reached.filter((name) =>
      /^(react|react-dom|wagmi|@wagmi\/.*|@tanstack\/.*|motion|framer-motion|zustand|@walletconnect\/.*)$/.test(
        name,
      ),
    )
    expect(frontEnd).toEqual([])
    expect(reached).toEqual(expect.arrayContaining(['hono', '@libsql/client', 'viem', 'zod']))
  })

  test('behavior: every peer npm installs on its own (not optional) is one the server loads', async () => {
    // npm 7+ installs non-optional peers: one the server never loads would land in every
    // server-only install (React, wagmi and TanStack Query did, about 20 MB).
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Manifest
    const required = Object.keys(manifest.peerDependencies).filter(
      (name) => !manifest.peerDependenciesMeta[name]?.optional,
    )
    const reached = await serverPackages()
    expect(required.filter((name) => !reached.includes(name))).toEqual([])
  })

  test('default: the front-end peers stay declared, with their ranges, as optional peers', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Manifest
    for (const name of ['react', 'react-dom', 'wagmi', '@tanstack/react-query']) {
      expect(manifest.peerDependencies[name], name).toEqual(expect.any(String))
      expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true })
    }
  })
})
