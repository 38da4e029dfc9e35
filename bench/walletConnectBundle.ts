/**
 * What WalletConnect costs in a user's bundle: esbuild (minified, split) builds
 * bench/apps/walletConnect.tsx, with `@walletconnect/universal-provider` bundled this time, and
 * reports the WalletConnect bytes in the first bundle (must be zero) and in the lazy chunks.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { appBuildOptions } from './bundle'

/** WalletConnect's share of the bundle. */
export interface WalletConnectBundleReport {
  /** gzip bytes of the first bundle (entry and its static imports). */
  initialGzip: number
  /** Inputs from `@walletconnect/*` or `@reown/*` in the first bundle (must be empty). */
  initialWalletConnectInputs: string[]
  /** Minified bytes of our connector shell (connectors/walletConnect*) in the first bundle. */
  connectorShellBytes: number
  /** gzip bytes of the lazy chunks holding the SDK, fetched when WalletConnect is picked. */
  onDemandGzip: number
  onDemandFiles: string[]
  /** gzip bytes of the QR encoder chunk. */
  qrGzip: number
}

const repo = resolve(import.meta.dirname, '..')
const isJs = (file: string) => file.endsWith('.js')
const isWalletConnect = (input: string) => /node_modules\/@(walletconnect|reown)\//.test(input)

function closure(metafile: Metafile, starts: string[], kind: 'import-statement' | 'any') {
  const seen = new Set<string>()
  const stack = [...starts]
  while (stack.length) {
    const file = stack.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (!edge.external && (kind === 'any' || edge.kind === 'import-statement'))
        stack.push(edge.path)
  }
  return seen
}

const gzip = (file: string) => gzipSync(readFileSync(join(repo, file)), { level: 9 }).length

/** Builds the WalletConnect bench app into `outdir` and measures it. */
export async function measureWalletConnectBundle(
  outdir: string,
): Promise<WalletConnectBundleReport> {
  const { metafile } = await build({
    ...appBuildOptions,
    entryPoints: [join(repo, 'bench/apps/walletConnect.tsx')],
    outdir,
    alias: {
      latchkey: join(repo, 'src/index.ts'),
      'latchkey/connectors': join(repo, 'connectors/index.ts'),
      'latchkey/connectors/walletConnect': join(repo, 'connectors/walletConnect.ts'),
      'latchkey/react': join(repo, 'ui/index.ts'),
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['@solana/*'],
  })
  // With splitting, every dynamic-import target is an entry point too: find the app's own.
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]?.entryPoint === 'bench/apps/walletConnect.tsx',
  )
  if (!entry) throw new TypeError('esbuild gave no entry output')
  const initial = [...closure(metafile, [entry], 'import-statement')].filter(isJs)
  const inputsOf = (file: string) => Object.keys(metafile.outputs[file]?.inputs ?? {})
  const initialWalletConnectInputs = initial.flatMap(inputsOf).filter(isWalletConnect)
  const connectorShellBytes = initial
    .flatMap((file) => Object.entries(metafile.outputs[file]?.inputs ?? {}))
    .filter(([input]) => input.startsWith('connectors/walletConnect'))
    .reduce((sum, [, info]) => sum + info.bytesInOutput, 0)
  const lazy = [...closure(metafile, [entry], 'any')].filter((f) => isJs(f) && !initial.includes(f))
  const onDemandFiles = lazy.filter((file) => inputsOf(file).some(isWalletConnect))
  const qr = lazy.filter((file) => inputsOf(file).some((input) => input.endsWith('encodeQr.ts')))
  return {
    initialGzip: initial.reduce((sum, file) => sum + gzip(file), 0),
    initialWalletConnectInputs,
    connectorShellBytes,
    onDemandGzip: onDemandFiles.reduce((sum, file) => sum + gzip(file), 0),
    onDemandFiles,
    qrGzip: qr.reduce((sum, file) => sum + gzip(file), 0),
  }
}
