import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { expect } from 'vitest'
import { packLatchkey } from '../consumers/packLatchkey'

/** React, wagmi, viem and TanStack: what an app has anyway, left out of the app's build. */
export const appPeers = [
  'react',
  'react-dom',
  'react/*',
  'wagmi',
  'wagmi/*',
  'viem',
  'viem/*',
  '@tanstack/*',
]

/** What {@link buildFirstBundleApp} gives back: esbuild's metafile and the app's first outputs. */
export interface FirstBundleApp {
  metafile: Metafile
  /** Outputs loaded before any click: the entry and what it imports statically, transitively. */
  initial: string[]
}

/**
 * Installs the packed tarball into `work` and bundles an app (`code`; by default one rendering
 * `<ConnectButton/>` in `<LatchkeyProvider>`) with esbuild (code splitting, minified; React, wagmi, viem and TanStack
 * external unless `external` says otherwise), as a user's bundler sees the package. `name` is the
 * app's package name.
 * @example const { metafile, initial } = await buildFirstBundleApp(work, 'first-bundle-app')
 */
export async function buildFirstBundleApp(
  work: string,
  name: string,
  code = "import { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [ConnectButton, LatchkeyProvider]\n",
  external: string[] = appPeers,
): Promise<FirstBundleApp> {
  const { tarball } = await packLatchkey()
  const installed = join(work, 'node_modules', 'latchkey')
  mkdirSync(installed, { recursive: true })
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
  expect(untar.status, String(untar.stderr)).toBe(0)
  // The app's own package.json stops esbuild resolving `latchkey` to the repository itself (a
  // package may import itself by name from inside its folder).
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name, private: true }))
  writeFileSync(join(work, 'app.tsx'), code)
  const { metafile } = await build({
    entryPoints: [join(work, 'app.tsx')],
    absWorkingDir: work,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: join(work, 'out'),
    metafile: true,
    external,
    logLevel: 'silent',
    // The repository's tsconfig maps `latchkey/*` to the sources; an app has no such paths.
    tsconfigRaw: {},
  })
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]?.entryPoint === 'app.tsx',
  )
  expect(entry, 'esbuild gave an entry output').toBeDefined()
  const initial = new Set<string>()
  const stack = [entry as string]
  for (let file = stack.pop(); file; file = stack.pop()) {
    if (initial.has(file)) continue
    initial.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (!edge.external && edge.kind === 'import-statement') stack.push(edge.path)
  }
  return { metafile, initial: [...initial] }
}
