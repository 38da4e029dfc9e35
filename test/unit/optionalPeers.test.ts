import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Every package a bundler must resolve when an app imports `entry`, static or `import()`: what
 * Next.js (webpack and Turbopack) fails on when an optional peer is not installed.
 */
async function packagesReached(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: '/tmp/latchkey-optional-peers',
    write: false,
    metafile: true,
    packages: 'external',
    logLevel: 'silent',
    loader: { '.css': 'empty' },
  })
  const reached = new Set<string>()
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports) if (imported.external) reached.add(imported.path)
  return [...reached].sort()
}

describe('optional peers', () => {
  test('behavior: latchkey/react never reaches WalletConnect (an app that does not call walletConnect() builds without it)', async () => {
    const reached = await packagesReached('ui/index.ts')
    expect(reached.filter((path) => path.startsWith('@walletconnect/'))).toEqual([])
    expect(reached).toContain('wagmi')
  })

  test('behavior: latchkey/connectors (embeddedWallet, getWalletList) never reaches WalletConnect', async () => {
    const reached = await packagesReached('connectors/index.ts')
    expect(reached.filter((path) => path.startsWith('@walletconnect/'))).toEqual([])
  })

  test('default: latchkey/connectors/walletConnect is where the SDK is referenced', async () => {
    expect(await packagesReached('connectors/walletConnect.ts')).toContain(
      '@walletconnect/universal-provider',
    )
  })

  test('behavior: latchkey/connectors/walletConnect reaches universal-provider only, never ethereum-provider or AppKit', async () => {
    const reached = await packagesReached('connectors/walletConnect.ts')
    expect(reached.filter((path) => /^@walletconnect\/|^@reown\//.test(path))).toEqual([
      '@walletconnect/universal-provider',
    ])
  })

  test('behavior: latchkey core never reaches WalletConnect', async () => {
    const reached = await packagesReached('src/index.ts')
    expect(reached.filter((path) => path.startsWith('@walletconnect/'))).toEqual([])
  })

  test('behavior: latchkey, latchkey/connectors and latchkey/react never reach Solana packages (an app without Solana carries none)', async () => {
    for (const entry of ['src/index.ts', 'connectors/index.ts', 'ui/index.ts']) {
      const reached = await packagesReached(entry)
      expect(
        reached.filter((path) => /^@solana\/|^@wallet-standard\//.test(path)),
        entry,
      ).toEqual([])
    }
  })

  test('default: latchkey/solana reaches @wallet-standard/app only, and only through import()', async () => {
    const reached = await packagesReached('connectors/solana/index.ts')
    expect(reached.filter((path) => /^@solana\/|^@wallet-standard\//.test(path))).toEqual([
      '@wallet-standard/app',
    ])
    const result = await build({
      entryPoints: [resolve(root, 'connectors/solana/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      packages: 'external',
      logLevel: 'silent',
    })
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports)
    expect(imports.filter((imported) => imported.path === '@wallet-standard/app')).toEqual([
      { path: '@wallet-standard/app', kind: 'dynamic-import', external: true },
    ])
  })

  test('behavior: the first chunk of latchkey/solana is the shell: wallets, storage, the RPC and zod load on first need', async () => {
    const result = await build({
      entryPoints: [resolve(root, 'connectors/solana/index.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: '/tmp/latchkey-solana-shell',
      write: false,
      metafile: true,
      packages: 'external',
      logLevel: 'silent',
    })
    const outputs = result.metafile.outputs
    const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint) ?? ''
    const initial = new Set<string>()
    const stack = [entry]
    while (stack.length > 0) {
      const file = stack.pop() as string
      if (initial.has(file)) continue
      initial.add(file)
      for (const edge of outputs[file]?.imports ?? [])
        if (edge.kind === 'import-statement' && !edge.external) stack.push(edge.path)
    }
    const sources = [...initial].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
    const external = [...initial].flatMap((file) =>
      (outputs[file]?.imports ?? []).filter((edge) => edge.kind === 'import-statement'),
    )
    expect(sources).toContain('connectors/solana/createSolanaAdapter.ts')
    expect(
      sources.filter((source) =>
        /createSolanaSession|solanaRpc|solanaSigning|createSolanaDiscovery|createValidatedStorage/.test(
          source,
        ),
      ),
    ).toEqual([])
    expect(
      external.map((edge) => edge.path).filter((path) => /zod|wallet-standard/.test(path)),
    ).toEqual([])
  })
})
