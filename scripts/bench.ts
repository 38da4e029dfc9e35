/**
 * `npm run bench`: bundle cost and speed against DESIGN.md's budgets. Prints ✓/✗ per figure,
 * writes `.bench/results.json`, and never fails on a missed budget (benchmarks are not tests).
 * `npm run bench -- --only <part>[,<part>…]` runs only those parts: `bundle` (a: esbuild app,
 * WalletConnect and Solana bundles, and when the Solana app's chunks load in Chromium), `open`
 * (b: click and tap → modal), `allWallets`, `account` (Account with 200 tokens and 1,000
 * activity rows: first paint, tab switch), `walletConnect` (c), `embedded` (d), `deviceProof`
 * (e), `sealed` (issue 16: signing with the key reassembled in the frame, a new device's passkey
 * login), `consumers` (f: the consumer apps built from the packed tarball and the install sizes;
 * needs the npm registry, or npm's cache, for the installs), `serverThroughput` (g: connect-email
 * and signing requests per second with 1 and 3 server instances on SQLite and PostgreSQL).
 * Each part is a `bench*` step in bench/bench*.ts (printing through bench/print*.ts); they report
 * into one run (bench/benchRun.ts).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as viteBuild } from 'vite'
import { benchAccount, benchAllWallets, benchOpen, benchWalletConnect } from '../bench/benchBrowser'
import { benchBundles } from '../bench/benchBundles'
import { benchConsumers } from '../bench/benchConsumers'
import {
  benchDeviceProof,
  benchEmbedded,
  benchSealed,
  benchServerThroughput,
} from '../bench/benchEmbeddedWallet'
import { createBenchRun } from '../bench/benchRun'
import { type AnvilNode, startAnvil } from '../test/harness/anvil'
import { type PlaygroundServer, startPlaygroundServer } from '../test/harness/playgroundServer'
import { type Relay, startRelay } from '../test/relay/startRelay'

// Extensionless relative imports (house style) are fine for Vite's default config loader.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = join(repo, '.bench')
const run = createBenchRun(out)
const parts = [
  'bundle',
  'open',
  'allWallets',
  'account',
  'walletConnect',
  'embedded',
  'deviceProof',
  'sealed',
  'consumers',
  'serverThroughput',
] as const
type Part = (typeof parts)[number]
/** `--only a,b` (or `--only=a,b`): the parts to run; all of them without it. */
const only = (() => {
  const args = process.argv.slice(2).join(' ').replace('--only=', '--only ')
  const match = /--only\s+(\S+)/.exec(args)
  if (!match?.[1]) return new Set<Part>(parts)
  const asked = match[1].split(',')
  const unknown = asked.filter((name) => !parts.includes(name as Part))
  if (unknown.length) {
    process.stderr.write(
      `unknown bench part(s): ${unknown.join(', ')}; parts: ${parts.join(', ')}\n`,
    )
    process.exit(2)
  }
  return new Set(asked as Part[])
})()
const runs = (part: Part) => only.has(part)

async function main() {
  mkdirSync(out, { recursive: true })
  Object.assign(run.results, { date: new Date().toISOString(), node: process.version })
  const browserParts =
    runs('open') || runs('allWallets') || runs('account') || runs('walletConnect')
  const anvilsReady = browserParts
    ? Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
    : Promise.resolve([])
  anvilsReady.catch(() => undefined)
  let anvils: AnvilNode[] = []
  let server: PlaygroundServer | undefined
  let relay: Relay | undefined

  try {
    // a. Bundle cost.
    if (runs('bundle')) await benchBundles(run)

    // b, c. In Chromium, over the built playground.
    if (browserParts)
      try {
        run.log(`\n▸ playground build (vite build) [${run.elapsed()}]`)
        await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
        anvils = await anvilsReady
        const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
        relay = await startRelay()
        server = await startPlaygroundServer({
          root: join(repo, 'playground/dist'),
          rpc,
          relay: relay.url,
        })
        run.log(`  served at ${server.url} [${run.elapsed()}]`)
        if (runs('open')) await benchOpen(run, server.url)
        if (runs('allWallets')) await benchAllWallets(run, server.url)
        if (runs('account')) await benchAccount(run, server.url)
        if (runs('walletConnect')) await benchWalletConnect(run, server.url, relay.url, rpc)
      } catch (error) {
        run.problems.push(`browser: ${(error as Error).message}`)
        run.log(`  ✗ playground build or server failed: ${(error as Error).message}`)
      }
  } finally {
    await server?.stop().catch(() => undefined)
    await relay?.stop().catch(() => undefined)
    if (!anvils.length) anvils = await anvilsReady.catch(() => [])
    await Promise.all(anvils.map((node) => node.stop().catch(() => undefined)))
  }

  if (runs('embedded')) await benchEmbedded(run)
  if (runs('deviceProof')) await benchDeviceProof(run)
  if (runs('sealed')) await benchSealed(run)
  if (runs('consumers')) await benchConsumers(run)
  if (runs('serverThroughput')) await benchServerThroughput(run)

  run.finish()
}

main()
  .catch((error: unknown) => {
    console.error(error)
  })
  .finally(() => process.exit(0))
