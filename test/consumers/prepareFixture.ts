import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { consumersWorkDir, type PackedLatchkey, packLatchkey } from './packLatchkey'
import { consumerEnv, run } from './run'

/** Seconds per step, for the report line each fixture prints. */
export type FixtureTimings = Record<string, number>

/** A fixture copied out of the tree with the packed Latchkey installed. */
export interface PreparedFixture {
  name: string
  /** The fixture's working folder (outside the repository). */
  dir: string
  timings: FixtureTimings
  /** Runs one of the fixture's npm scripts (`typecheck`, `build`, …), timed under its name. */
  script(name: string, env?: Record<string, string>): Promise<string>
  /** One line: `vite-react19-wagmi3: pack 1.4 s, install 3.2 s, …`. */
  report(): string
}

const fixturesRoot = fileURLToPath(new URL('.', import.meta.url))
/** Never copied from the source folder: what installs and builds produce. */
const generated = new Set(['node_modules', 'package-lock.json', 'dist', '.next', 'next-env.d.ts'])

/**
 * Packs Latchkey (once per source state), copies `test/consumers/<name>/` to the work folder,
 * points its `latchkey` dependency at the tarball and runs `npm install` with npm's shared cache
 * (`--prefer-offline`: only what the cache lacks goes to the registry).
 */
export async function prepareFixture(name: string): Promise<PreparedFixture> {
  const timings: FixtureTimings = {}
  const packed: PackedLatchkey = await packLatchkey()
  timings['latchkey build'] = packed.buildSeconds
  timings['latchkey pack'] = packed.packSeconds

  const source = join(fixturesRoot, name)
  const dir = join(consumersWorkDir, name)
  mkdirSync(dir, { recursive: true })
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => {
      const rel = relative(source, path)
      return !rel.split(sep).some((part) => generated.has(part))
    },
  })
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>
  }
  manifest.dependencies.latchkey = `file:${packed.tarball}`
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)

  const install = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, timeoutMs: 600_000 },
  )
  timings.install = install.seconds

  const fmt = (s: number) => `${s.toFixed(1)} s`
  return {
    name,
    dir,
    timings,
    async script(script, env = {}) {
      const result = await run('npm', ['run', '--silent', script], {
        cwd: dir,
        env: consumerEnv(env),
        timeoutMs: 600_000,
      })
      timings[script] = result.seconds
      return result.stdout + result.stderr
    },
    report: () =>
      `${name}: ${Object.entries(timings)
        .map(([step, seconds]) => `${step} ${fmt(seconds)}`)
        .join(', ')}`,
  }
}
