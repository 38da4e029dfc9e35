/**
 * What Latchkey costs in the apps users build, measured on the consumer fixtures (test/consumers/)
 * installed from the packed tarball, each built by its own bundler (Vite, Next.js):
 *
 * - Each app is built twice: as the fixture is (README code: provider, `<ConnectButton/>`, styles)
 *   and as its twin without Latchkey (test/consumers/baselines/: same wagmi config, QueryClient and
 *   providers, a plain button). Latchkey's share of the first bundle is the difference.
 * - Both builds are loaded in Chromium: the scripts requested before the page's `load` event are
 *   the first bundle; those requested after it until the page is idle are "JS fetched by idle"
 *   (Latchkey preloads its modal then); those plus the ones requested from the click on the button
 *   until the dialog is open are the first open (the modal and its views). Sizes are each file's gzip -9 size on disk, so the
 *   figures count what the page really fetches, whatever the bundler's chunking.
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type PreparedFixture, prepareFixture } from '../test/consumers/prepareFixture'
import { consumerEnv, run } from '../test/consumers/run'
import { startAppServer } from '../test/consumers/startAppServer'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { launchBenchBrowser } from './browser'
import { gzipSize } from './bundle'
import { scriptsAroundLoad } from './inPage'

const baselines = fileURLToPath(new URL('../test/consumers/baselines/', import.meta.url))
/** Loopback placeholders: nothing is read from a chain while the page loads or opens the modal. */
const rpcEnv = { '1': 'http://127.0.0.1:9/rpc/1', '56': 'http://127.0.0.1:9/rpc/56' }
const connectButton = '[data-testid="connect-button"]'
const openDialog = '[data-latchkey][role="dialog"][data-state="open"]'

/** Scripts one page load requested, gzip -9 bytes each. */
export interface ScriptSet {
  files: { path: string; gzip: number }[]
  gzip: number
}

/** One consumer app: with Latchkey and its twin without. */
export interface ConsumerAppSizes {
  fixture: string
  /** First bundle of the app without Latchkey. */
  baseline: ScriptSet
  /** First bundle of the app with Latchkey. */
  latchkey: ScriptSet
  /** latchkey.gzip − baseline.gzip. */
  added: number
  /** Scripts fetched after the load event until the page is idle, before any click. */
  byIdle: ScriptSet
  /** Scripts fetched after the load event until the dialog is open (by idle, then the click). */
  firstOpen: ScriptSet
  offLoopback: string[]
  seconds: Record<string, number>
}

/** What one load of an app fetched. */
interface LoadedScripts {
  initial: ScriptSet
  byIdle: ScriptSet
  firstOpen: ScriptSet
  offLoopback: string[]
}

/**
 * Loads `url`, waits until the page is idle, then (with Latchkey) clicks the button and waits for
 * the open dialog. Sizes the scripts requested before and after the click from the build output
 * (`fileOf` maps a URL path to its file).
 */
async function loadScripts(
  url: string,
  withLatchkey: boolean,
  fileOf: (pathname: string) => string,
): Promise<LoadedScripts> {
  const browser = await launchBenchBrowser()
  try {
    const page = await browser.page()
    const requested: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(request.url())
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForSelector(withLatchkey ? connectButton : 'button', { timeout: 15_000 })
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
    await page.waitForTimeout(500)
    const idle = requested.splice(0)
    const beforeLoad = new Set(
      (await page.evaluate(scriptsAroundLoad)).beforeLoad.map((url) => new URL(url).pathname),
    )
    const initial = idle.filter((url) => beforeLoad.has(new URL(url).pathname))
    const byIdle = idle.filter((url) => !beforeLoad.has(new URL(url).pathname))
    if (withLatchkey) {
      await page.click(connectButton)
      await page.waitForSelector(openDialog, { timeout: 15_000 })
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
    }
    return {
      initial: sizes(initial, fileOf),
      byIdle: sizes(byIdle, fileOf),
      firstOpen: sizes([...byIdle, ...requested.splice(0)], fileOf),
      offLoopback: [...browser.offLoopback],
    }
  } finally {
    await browser.close()
  }
}

/** gzip sizes of the requested scripts, read from the build output (`fileOf` maps a URL path). */
function sizes(urls: string[], fileOf: (pathname: string) => string): ScriptSet {
  const unique = [...new Set(urls.map((url) => new URL(url).pathname))]
  const files = unique.map((pathname) => {
    const file = fileOf(pathname)
    if (!existsSync(file)) throw new Error(`a requested script is not in the build: ${pathname}`)
    return { path: pathname, gzip: gzipSize(file) }
  })
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) }
}

/** Runs `body` with the baseline's files in place of the fixture's, then puts the fixture's back. */
async function withBaseline<T>(
  fixture: PreparedFixture,
  swaps: [from: string, to: string][],
  body: () => Promise<T>,
): Promise<T> {
  const saved = swaps.map(([, to]) => [to, readFileSync(join(fixture.dir, to))] as const)
  try {
    for (const [from, to] of swaps) copyFileSync(join(baselines, from), join(fixture.dir, to))
    return await body()
  } finally {
    for (const [to, content] of saved) writeFileSync(join(fixture.dir, to), content)
  }
}

function compare(
  fixture: string,
  withLatchkey: LoadedScripts,
  baseline: LoadedScripts,
  seconds: Record<string, number>,
): ConsumerAppSizes {
  return {
    fixture,
    baseline: baseline.initial,
    latchkey: withLatchkey.initial,
    added: withLatchkey.initial.gzip - baseline.initial.gzip,
    byIdle: withLatchkey.byIdle,
    firstOpen: withLatchkey.firstOpen,
    offLoopback: [...withLatchkey.offLoopback, ...baseline.offLoopback],
    seconds,
  }
}

const timed = async <T>(seconds: Record<string, number>, step: string, body: () => Promise<T>) => {
  const started = performance.now()
  try {
    return await body()
  } finally {
    seconds[step] = Math.round((performance.now() - started) / 100) / 10
  }
}

/** A Vite fixture (`vite-react19-wagmi3`, `vite-react18-wagmi2`): `vite build`, served statically. */
export async function measureViteConsumer(name: string): Promise<ConsumerAppSizes> {
  const seconds: Record<string, number> = {}
  const fixture = await timed(seconds, 'install', () => prepareFixture(name))
  const env = consumerEnv({
    NODE_ENV: 'production',
    VITE_RPC_URL_1: rpcEnv['1'],
    VITE_RPC_URL_56: rpcEnv['56'],
  })
  const build = async (outDir: string) => {
    rmSync(join(fixture.dir, outDir), { recursive: true, force: true })
    await run('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], {
      cwd: fixture.dir,
      env,
      timeoutMs: 600_000,
    })
    return join(fixture.dir, outDir)
  }
  const load = async (root: string, withLatchkey: boolean) => {
    const server = await startPlaygroundServer({ root, rpc: {} })
    try {
      return await loadScripts(`${server.url}/`, withLatchkey, (pathname) => join(root, pathname))
    } finally {
      await server.stop()
    }
  }
  const withDist = await timed(seconds, 'build', () => build('dist-bench-latchkey'))
  const withLatchkey = await load(withDist, true)
  const baseDist = await withBaseline(fixture, [['vite/App.tsx', 'src/App.tsx']], () =>
    timed(seconds, 'build without Latchkey', () => build('dist-bench-baseline')),
  )
  return compare(name, withLatchkey, await load(baseDist, false), seconds)
}

/** The Next.js fixture: `next build` (Turbopack, Next's default), `next start`. */
export async function measureNextConsumer(): Promise<ConsumerAppSizes> {
  const seconds: Record<string, number> = {}
  const fixture = await timed(seconds, 'install', () => prepareFixture('next-app-router'))
  const nextEnv = { NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }
  const buildAndLoad = async (withLatchkey: boolean) => {
    await timed(seconds, withLatchkey ? 'build' : 'build without Latchkey', () =>
      fixture.script('build', {
        ...nextEnv,
        NEXT_PUBLIC_RPC_URL_1: rpcEnv['1'],
        NEXT_PUBLIC_RPC_URL_56: rpcEnv['56'],
      }),
    )
    const app = await startAppServer(fixture.dir, 'start', nextEnv)
    try {
      // `/_next/static/…` is served from `.next/static/…`.
      return await loadScripts(`${app.url}/`, withLatchkey, (pathname) =>
        join(fixture.dir, '.next', decodeURIComponent(pathname.replace(/^\/_next\//, ''))),
      )
    } finally {
      await app.stop()
    }
  }
  const withLatchkey = await buildAndLoad(true)
  const baseline = await withBaseline(
    fixture,
    [
      ['next/providers.tsx', 'app/providers.tsx'],
      ['next/page.tsx', 'app/page.tsx'],
    ],
    () => buildAndLoad(false),
  )
  return compare('next-app-router', withLatchkey, baseline, seconds)
}
