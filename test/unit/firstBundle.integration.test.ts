import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { packLatchkey, repo } from '../consumers/packLatchkey'

// What an app pays before the first click, from the packed tarball (its chunks are what a user's
// bundler sees, not our source files): an app that renders <ConnectButton/> in
// <LatchkeyProvider> must not load zod, motion or WalletConnect until the modal opens. tsup merges
// modules that the same entries reach into one chunk, so a value import from the React entry's
// graph into a zod module (as `maxRecentWallets` once was) pulls zod in whole.
mkdirSync(join(repo, '.tmp'), { recursive: true })
const work = mkdtempSync(join(repo, '.tmp', 'first-bundle-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

test('behavior: <ConnectButton/> in <LatchkeyProvider> loads no zod, motion or WalletConnect before the first click', async () => {
  const { tarball } = await packLatchkey()
  const installed = join(work, 'node_modules', 'latchkey')
  mkdirSync(installed, { recursive: true })
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
  expect(untar.status, String(untar.stderr)).toBe(0)
  // The app's own package.json stops esbuild resolving `latchkey` to the repository itself (a
  // package may import itself by name from inside its folder).
  writeFileSync(join(work, 'package.json'), '{ "name": "first-bundle-app", "private": true }')
  writeFileSync(
    join(work, 'app.tsx'),
    "import { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [ConnectButton, LatchkeyProvider]\n",
  )
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
    external: [
      'react',
      'react-dom',
      'react/*',
      'wagmi',
      'wagmi/*',
      'viem',
      'viem/*',
      '@tanstack/*',
    ],
    logLevel: 'silent',
    // The repository's tsconfig maps `latchkey/*` to the sources; an app has no such paths.
    tsconfigRaw: {},
  })
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]?.entryPoint === 'app.tsx',
  )
  if (!entry) throw new Error('esbuild gave no entry output')
  const initial = new Set<string>()
  const stack = [entry]
  for (let file = stack.pop(); file; file = stack.pop()) {
    if (initial.has(file)) continue
    initial.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (!edge.external && edge.kind === 'import-statement') stack.push(edge.path)
  }
  const inputs = [...initial].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
  // latchkey/react's barrel holds no code of its own the app uses: the shell's built file does
  expect(inputs, 'the app must load latchkey/react from the tarball').toContain(
    'node_modules/latchkey/dist/ui/exports/shell.js',
  )
  const lazyOnly = inputs.filter((input) =>
    /node_modules\/(zod|motion|motion-dom|framer-motion|@walletconnect)\//.test(input),
  )
  expect(lazyOnly).toEqual([])
}, 300_000)
