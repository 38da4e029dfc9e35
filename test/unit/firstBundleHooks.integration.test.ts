import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { packLatchkey, repo } from '../consumers/packLatchkey'

// The hooks `latchkey/react` exports beside the provider and the button are used by the modal too.
// A bundler loads every file a loaded file imports once anything uses it, so before they became
// wrappers built on their own (ui/exports/), an app rendering only <ConnectButton/> in
// <LatchkeyProvider> loaded the email-login machine, the WalletConnect reducer and the locale
// table before any click. The package's chunks are read back to their sources with the source
// maps the tarball ships.
mkdirSync(join(repo, '.tmp'), { recursive: true })
const work = mkdtempSync(join(repo, '.tmp', 'first-bundle-hooks-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Sources of Latchkey behind the inputs of the app's initial outputs (through the .map files). */
function initialSources(metafile: Metafile, entry: string): string[] {
  const initial = new Set<string>()
  const stack = [entry]
  for (let file = stack.pop(); file; file = stack.pop()) {
    if (initial.has(file)) continue
    initial.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (!edge.external && edge.kind === 'import-statement') stack.push(edge.path)
  }
  const inputs = [...initial].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
  return inputs
    .filter((input) => input.startsWith('node_modules/latchkey/dist/'))
    .flatMap((input) => {
      const map = join(work, `${input}.map`)
      if (!existsSync(map)) return [input]
      const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }
      const base = join(work, 'node_modules', 'latchkey')
      return sources.map((source) => relative(base, resolve(dirname(join(work, input)), source)))
    })
}

/** Latchkey's sources in the first bundle of an app made of `code`, built from the tarball. */
async function firstBundleSources(code: string): Promise<string[]> {
  const { tarball } = await packLatchkey()
  const installed = join(work, 'node_modules', 'latchkey')
  if (!existsSync(join(installed, 'package.json'))) {
    mkdirSync(installed, { recursive: true })
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
    expect(untar.status, String(untar.stderr)).toBe(0)
    writeFileSync(join(work, 'package.json'), '{ "name": "first-bundle-hooks", "private": true }')
  }
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
    tsconfigRaw: {},
  })
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]?.entryPoint === 'app.tsx',
  )
  if (!entry) throw new Error('esbuild gave no entry output')
  return initialSources(metafile, entry)
}

test('behavior: <ConnectButton/> in <LatchkeyProvider> loads none of the hooks the modal shares before the first click', async () => {
  const sources = await firstBundleSources(
    "import { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [ConnectButton, LatchkeyProvider]\n",
  )
  // the first bundle is read back to sources at all
  expect(sources).toContain('ui/LatchkeyProvider.tsx')
  expect(sources).toContain('src/client/createLatchkeyClient.ts')
  // The button's few strings come from en.json by name; the table itself comes with `t`.
  const modalOnly = sources.filter((source) =>
    /^(ui\/locales\/t\.ts|ui\/hooks\/(useEmailLogin|useEmailLoginFlow|useWalletConnect|useWallets|useSiwx)\.ts|src\/embedded\/createEmailLoginFlow\.ts|src\/machines\/emailLogin\.ts|src\/walletconnect\/wcReducer\.ts|ui\/modal\/)/.test(
      source,
    ),
  )
  expect(modalOnly).toEqual([])
}, 300_000)

test('behavior: embeddedWallet() from latchkey/connectors does not bring the wallet list the modal builds', async () => {
  const sources = await firstBundleSources(
    "import { embeddedWallet } from 'latchkey/connectors'\nimport { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [embeddedWallet, ConnectButton, LatchkeyProvider]\n",
  )
  expect(sources).toContain('connectors/embeddedWallet.ts')
  expect(sources).not.toContain('src/wallets/getWalletList.ts')
}, 300_000)
