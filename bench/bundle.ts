import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type BuildOptions, build, type Metafile } from 'esbuild'

export type LatchkeySource = 'dist' | 'sources'

export interface ChunkSize {
  file: string
  gzip: number
  /** Largest inputs by bytes in the output, for a human reading the report. */
  top: string[]
}

export interface AppBundle {
  /** gzip bytes of the entry chunk and its static imports, transitively. */
  initial: number
  /** Minified bytes in the initial set per package ('latchkey' for our own code). */
  packages: Record<string, number>
  initialChunks: ChunkSize[]
  metafile: Metafile
  outdir: string
  /** The app's own entry output (not a lazily imported module's). */
  entry: string
}

export interface BundleReport {
  source: LatchkeySource
  /** What grew before any click, minified bytes per package, largest first. */
  addedByPackage: [string, number][]
  baseline: AppBundle
  latchkey: AppBundle
  added: number
  /** Chunks fetched on first open of the modal: the lazy closure not already loaded. */
  modal: number
  modalChunks: ChunkSize[]
  /** Latchkey's further lazy chunks (WalletConnect, QR, locales…): not part of the first open. */
  laterChunks: ChunkSize[]
}

const repo = resolve(import.meta.dirname, '..')
/**
 * Where bench/benchBundles.ts has tsup write the package (JS only, so others' dist/ is left
 * alone).
 */
export const benchDist = '.bench/dist'

function aliases(source: LatchkeySource): Record<string, string> {
  if (source === 'dist') {
    return {
      latchkey: join(repo, benchDist, 'src/index.js'),
      'latchkey/connectors': join(repo, benchDist, 'connectors/index.js'),
      'latchkey/connectors/walletConnect': join(repo, benchDist, 'connectors/walletConnect.js'),
      'latchkey/solana': join(repo, benchDist, 'connectors/solana/index.js'),
      'latchkey/react': join(repo, benchDist, 'ui/index.js'),
    }
  }
  return {
    latchkey: join(repo, 'src/index.ts'),
    'latchkey/connectors': join(repo, 'connectors/index.ts'),
    'latchkey/connectors/walletConnect': join(repo, 'connectors/walletConnect.ts'),
    'latchkey/solana': join(repo, 'connectors/solana/index.ts'),
    'latchkey/react': join(repo, 'ui/index.ts'),
  }
}

const gzipCache = new Map<string, number>()
export function gzipSize(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length
    gzipCache.set(file, size)
  }
  return size
}

export function isJs(path: string): boolean {
  return path.endsWith('.js') || path.endsWith('.mjs')
}

/** Static-import closure of `starts` over the metafile's outputs. */
export function staticClosure(metafile: Metafile, starts: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...starts]
  while (stack.length) {
    const file = stack.pop() as string
    if (seen.has(file) || !metafile.outputs[file]) continue
    seen.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? []) {
      if (edge.kind === 'import-statement' && !edge.external) stack.push(edge.path)
    }
  }
  return seen
}

/** `file` is a metafile output key (relative to the repo). */
function describe(metafile: Metafile, file: string): ChunkSize {
  const inputs = Object.entries(metafile.outputs[file]?.inputs ?? {})
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 3)
    .map(([path, info]) => `${shortInput(path)} ${(info.bytesInOutput / 1000).toFixed(1)}k`)
  return { file, gzip: gzipSize(join(repo, file)), top: inputs }
}

function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/')
  if (at === -1) return /^(bench)\//.test(input) ? 'app' : 'latchkey'
  const parts = input.slice(at + 'node_modules/'.length).split('/')
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input)
}

function packageBytes(metafile: Metafile, files: string[]): Record<string, number> {
  const bytes: Record<string, number> = {}
  for (const file of files) {
    for (const [input, info] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
      const name = packageOf(input)
      bytes[name] = (bytes[name] ?? 0) + info.bytesInOutput
    }
  }
  return bytes
}

function shortInput(path: string): string {
  const at = path.lastIndexOf('node_modules/')
  return at === -1 ? path : path.slice(at + 'node_modules/'.length)
}

/** Source files of Latchkey behind an esbuild input (dist files are read through their source maps). */
function latchkeySources(input: string): string[] {
  if (/^(ui|src|connectors)\//.test(input)) return [input]
  if (!input.startsWith(`${benchDist}/`)) return []
  const map = join(repo, `${input}.map`)
  if (!existsSync(map)) return [input]
  try {
    const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }
    return sources.map((s) => relative(repo, resolve(dirname(join(repo, input)), s)))
  } catch {
    return [input]
  }
}

/** Latchkey's source files in an output (read back through the package's source maps). */
export function outputSources(metafile: Metafile, file: string): string[] {
  return Object.keys(metafile.outputs[file]?.inputs ?? {}).flatMap(latchkeySources)
}

/** How every bench app is built: what a user's production bundler would do (minified ESM, split). */
export const appBuildOptions = {
  absWorkingDir: repo,
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  metafile: true,
  write: true,
  logLevel: 'silent',
} as const satisfies BuildOptions

/** Builds `bench/apps/<name>.tsx` into `<outRoot>/<source>/<name>` and measures its first bundle. */
export async function buildApp(
  name: string,
  source: LatchkeySource,
  outRoot: string,
): Promise<AppBundle> {
  const outdir = join(outRoot, source, name)
  const result = await build({
    ...appBuildOptions,
    entryPoints: [join(repo, `bench/apps/${name}.tsx`)],
    outdir,
    alias: aliases(source),
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['@walletconnect/*', '@solana/*'],
    loader: { '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'file' },
  })
  const metafile = result.metafile
  // With splitting, every dynamically imported module is an entry point too: pick the app's own.
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file]?.entryPoint === `bench/apps/${name}.tsx`,
  )
  if (!entry) throw new Error(`esbuild gave no entry output for ${name}`)
  const initialSet = [...staticClosure(metafile, [entry])].filter(isJs)
  const initialChunks = initialSet.map((file) => describe(metafile, file))
  return {
    initial: initialChunks.reduce((sum, c) => sum + c.gzip, 0),
    packages: packageBytes(metafile, initialSet),
    initialChunks,
    metafile,
    outdir,
    entry,
  }
}

/** Builds the two bench apps and works out what Latchkey adds before any click and on first open. */
export async function measureBundles(
  source: LatchkeySource,
  outRoot: string,
): Promise<BundleReport> {
  const baseline = await buildApp('baseline', source, outRoot)
  const latchkey = await buildApp('latchkey', source, outRoot)
  const { metafile, entry } = latchkey
  const initial = staticClosure(metafile, [entry])

  // Dynamic imports leaving the initial set into chunks that carry Latchkey code.
  const lazyTargets = new Set<string>()
  // Every such import, also of a chunk that only re-exports (the modal's entry can be one).
  const dynamicTargets = new Set<string>()
  for (const file of initial) {
    for (const edge of metafile.outputs[file]?.imports ?? []) {
      if (edge.kind !== 'dynamic-import' || edge.external || initial.has(edge.path)) continue
      dynamicTargets.add(edge.path)
      if (outputSources(metafile, edge.path).length > 0) lazyTargets.add(edge.path)
    }
  }
  // The modal is the lazy import holding ui/modal/modalChunk.ts (what the provider and the button
  // load on first open): other lazy imports with modal code (an embedded wallet's approval) load
  // only when their event comes. Without the marker, any holding ui/modal, then every lazy import.
  const holding = (part: string) =>
    [...lazyTargets].filter((t) => outputSources(metafile, t).some((s) => s.includes(part)))
  // By entry point: the modal's lazy parts (account, Solana, sign-in) import its chunk, so their
  // outputs can hold it too (see ui/modal/lazy/afterModal.ts).
  const modalEntry = [...dynamicTargets].filter((t) =>
    /modalChunk/.test(metafile.outputs[t]?.entryPoint ?? ''),
  )
  const modalChunk = modalEntry.length > 0 ? modalEntry : holding('ui/modal/modalChunk.ts')
  const modalTargets = modalChunk.length > 0 ? modalChunk : holding('ui/modal/')
  const firstOpenTargets = modalTargets.length > 0 ? modalTargets : [...lazyTargets]
  const firstOpen = [...staticClosure(metafile, firstOpenTargets)].filter(
    (f) => !initial.has(f) && isJs(f),
  )
  const loaded = new Set([...initial, ...firstOpen])
  const later = Object.keys(metafile.outputs).filter(
    (f) => isJs(f) && !loaded.has(f) && outputSources(metafile, f).length > 0,
  )
  const modalChunks = firstOpen.map((file) => describe(metafile, file))
  const names = new Set([...Object.keys(baseline.packages), ...Object.keys(latchkey.packages)])
  const addedByPackage = [...names]
    .map((name): [string, number] => [
      name,
      (latchkey.packages[name] ?? 0) - (baseline.packages[name] ?? 0),
    ])
    .filter(([, bytes]) => bytes > 200)
    .sort((a, b) => b[1] - a[1])
  return {
    source,
    addedByPackage,
    baseline,
    latchkey,
    added: latchkey.initial - baseline.initial,
    modal: modalChunks.reduce((sum, c) => sum + c.gzip, 0),
    modalChunks,
    laterChunks: later.map((file) => describe(metafile, file)),
  }
}
