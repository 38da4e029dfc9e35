/**
 * Issue 13 in a user's bundle: esbuild builds bench/apps/solana.tsx (the Latchkey bench app plus
 * `createSolanaAdapter` and `<SolanaProvider>`) as it builds the others, `@wallet-standard/app`
 * bundled, and reports what Solana adds to the first bundle, whether Solana's libraries and lazy
 * parts stay out of it, and which lazy outputs carry them. It also reads the plain Latchkey app's
 * build: an app that does not configure Solana carries no Solana code in its first bundle.
 * Latchkey's sources are read through the package's source maps: a tsup chunk lists every source
 * it holds, some of which an app's bundler may drop, so a list can only be too long, never short.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import {
  type AppBundle,
  buildApp,
  gzipSize,
  isJs,
  type LatchkeySource,
  outputSources,
  staticClosure,
} from './bundle'

const repo = resolve(import.meta.dirname, '..')
/** gzip bytes of an output (metafile keys are relative to the repo). */
const gzipOf = (file: string) => gzipSize(join(repo, file))

/** Solana's third-party code: Wallet Standard and any `@solana/*` package. */
const solanaPackage = /node_modules\/@(solana|wallet-standard)\//
/** Latchkey's Solana modules: every source whose path names Solana (`connectors/solana/`, …). */
const solanaSource = /solana/i
/**
 * Solana's parts that load on first need: the adapter's session (wallets, storage, the RPC
 * client, signing) and the modal's Solana views with the transfer encoders. The shell (state,
 * clusters, the provider and the read hooks) is what the first bundle may hold.
 */
const lazySolanaSource =
  /^(connectors\/solana\/(createSolanaSession|createSolanaDiscovery|loadWalletStandard|solanaRpc|solanaSigning|walletRequest|sumTokenBalances)\.ts|ui\/modal\/solana\/|src\/solana\/(encode|compile|decode|checkSolanaSend|splTransferSupport|findAssociatedTokenAddress))/

/** What an output carries, for a reader of the report. */
export type SolanaChunkKind = 'wallet-standard' | 'session' | 'views' | 'modal'

export interface SolanaBundleReport {
  solana: AppBundle
  /** gzip bytes (a gzip per file, as fetched) the first bundle holds beyond the plain app's. */
  added: number
  /** The same, the first bundle's files gzipped as one stream: what splitting adds is left out. */
  addedOneStream: number
  /** Minified bytes added before any click, per package ('latchkey' our own), largest first. */
  addedByPackage: [string, number][]
  /** Solana libraries and lazy Solana parts in the Solana app's first bundle (must be none). */
  lazyInFirst: string[]
  /** What each output of the Solana app carries (outputs carrying none of these are left out). */
  kinds: Record<string, SolanaChunkKind[]>
  /** Solana code in the plain app's first bundle (must be none). */
  plainFirstBundle: string[]
  /** Solana code in the outputs the plain app's modal fetches on its first open. */
  plainFirstOpen: string[]
  /** gzip bytes of the plain app's other outputs holding Solana code (emitted, never fetched). */
  plainLaterGzip: number
}

/** Solana in `files`: packages by path (bundled or external), Latchkey through its sources. */
function solanaIn(metafile: Metafile, files: Iterable<string>, only = solanaSource): string[] {
  const found = new Set<string>()
  for (const file of files) {
    for (const input of Object.keys(metafile.outputs[file]?.inputs ?? {}))
      if (solanaPackage.test(input)) found.add(input)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (edge.external && /^@(solana|wallet-standard)\//.test(edge.path)) found.add(edge.path)
    for (const source of outputSources(metafile, file)) if (only.test(source)) found.add(source)
  }
  return [...found].sort()
}

/** Every output the entry reaches, by static or dynamic import. */
function reachable(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>()
  const stack = [entry]
  for (let file = stack.pop(); file; file = stack.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (!edge.external) stack.push(edge.path)
  }
  return seen
}

/** What of Solana (and the modal's chunk) an output of an app carries. */
export function kindsOf(metafile: Metafile, file: string): SolanaChunkKind[] {
  const inputs = Object.keys(metafile.outputs[file]?.inputs ?? {})
  const sources = outputSources(metafile, file)
  const has = (source: string) => sources.includes(source)
  const kinds: SolanaChunkKind[] = []
  if (inputs.some((input) => solanaPackage.test(input))) kinds.push('wallet-standard')
  if (has('connectors/solana/createSolanaSession.ts')) kinds.push('session')
  if (has('ui/modal/solana/solanaViews.ts')) kinds.push('views')
  if (has('ui/modal/modalChunk.ts')) kinds.push('modal')
  return kinds
}

/** The outputs the modal's first open fetches: the closure of the imports of its chunk. */
function firstOpenOf(bundle: AppBundle, initial: Set<string>): Set<string> {
  const { metafile } = bundle
  const targets: string[] = []
  for (const file of initial)
    for (const edge of metafile.outputs[file]?.imports ?? [])
      if (edge.kind === 'dynamic-import' && !edge.external && !initial.has(edge.path))
        if (/modalChunk/.test(metafile.outputs[edge.path]?.entryPoint ?? ''))
          targets.push(edge.path)
  return new Set([...staticClosure(metafile, targets)].filter((f) => isJs(f) && !initial.has(f)))
}

/** gzip bytes of the first bundle's files as one stream. */
function oneStream(bundle: AppBundle): number {
  const files = bundle.initialChunks.map((chunk) => readFileSync(join(repo, chunk.file)))
  return gzipSync(Buffer.concat(files), { level: 9 }).length
}

/** Builds the Solana bench app and compares it with `plain` (the Latchkey app, same source). */
export async function measureSolanaBundle(
  plain: AppBundle,
  source: LatchkeySource,
  outRoot: string,
): Promise<SolanaBundleReport> {
  const solana = await buildApp('solana', source, outRoot)
  const { metafile, entry } = solana
  const initial = staticClosure(metafile, [entry])
  const names = new Set([...Object.keys(plain.packages), ...Object.keys(solana.packages)])
  const addedByPackage = [...names]
    .map((name): [string, number] => [
      name,
      (solana.packages[name] ?? 0) - (plain.packages[name] ?? 0),
    ])
    .filter(([, bytes]) => bytes > 100)
    .sort((a, b) => b[1] - a[1])
  const kinds: Record<string, SolanaChunkKind[]> = {}
  for (const file of reachable(metafile, entry)) {
    const found = isJs(file) ? kindsOf(metafile, file) : []
    if (found.length) kinds[file] = found
  }

  const plainInitial = staticClosure(plain.metafile, [plain.entry])
  const plainOpen = firstOpenOf(plain, plainInitial)
  const plainLater = [...reachable(plain.metafile, plain.entry)].filter(
    (file) =>
      isJs(file) &&
      !plainInitial.has(file) &&
      !plainOpen.has(file) &&
      solanaIn(plain.metafile, [file]).length > 0,
  )
  return {
    solana,
    added: solana.initial - plain.initial,
    addedOneStream: oneStream(solana) - oneStream(plain),
    addedByPackage,
    lazyInFirst: solanaIn(metafile, initial, lazySolanaSource),
    kinds,
    plainFirstBundle: solanaIn(plain.metafile, plainInitial),
    plainFirstOpen: solanaIn(plain.metafile, plainOpen),
    plainLaterGzip: plainLater.reduce((sum, file) => sum + gzipOf(file), 0),
  }
}
