import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './run'

/** The repository this harness belongs to. */
export const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')

/**
 * Where fixtures install and build: outside the repository, so Node's resolution never walks up
 * into the repository's own `node_modules` (a fixture must see only what it installed). One
 * folder per checkout; kept between runs so installs are incremental.
 */
export const consumersWorkDir = join(
  tmpdir(),
  'latchkey-consumers',
  createHash('sha256').update(repo).digest('hex').slice(0, 10),
)

/** What goes into the package: a change in any of these packs again. */
const inputs = [
  'src',
  'ui',
  'connectors',
  'server',
  'docs',
  'package.json',
  'tsup.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/finishDeclarations.ts',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
]

function hashInputs(): string {
  const hash = createHash('sha256')
  const walk = (path: string) => {
    const full = join(repo, path)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) walk(join(path, entry))
      return
    }
    if (/\.test\.tsx?$/.test(path)) return
    hash.update(path).update('\0').update(readFileSync(full)).update('\0')
  }
  for (const input of inputs) walk(input)
  return hash.digest('hex').slice(0, 16)
}

/** The packed tarball and what making it took. */
export interface PackedLatchkey {
  tarball: string
  /** Seconds for `npm run build` and `npm pack` (0 when an identical tarball was reused). */
  buildSeconds: number
  packSeconds: number
}

/**
 * `npm run build`, then `npm pack`: the tarball a user would install. Reused while the
 * package's sources are unchanged (keyed by their hash), so several fixtures pack once.
 */
export async function packLatchkey(): Promise<PackedLatchkey> {
  mkdirSync(consumersWorkDir, { recursive: true })
  const tarball = join(consumersWorkDir, `latchkey-${hashInputs()}.tgz`)
  if (existsSync(tarball)) return { tarball, buildSeconds: 0, packSeconds: 0 }
  // Test files in several Vitest projects (workers, processes) pack at once: one builds, the
  // others wait for its tarball, so two builds never write dist/ together.
  const release = await acquirePackLock()
  try {
    if (existsSync(tarball)) return { tarball, buildSeconds: 0, packSeconds: 0 }
    return await buildAndPack(tarball)
  } finally {
    release()
  }
}

const packLock = join(consumersWorkDir, 'pack.lock')

/** A lock folder (mkdir is atomic); one left by a killed run is taken over after 15 minutes. */
async function acquirePackLock(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(packLock)
      return () => rmSync(packLock, { recursive: true, force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // Gone meanwhile: its age reads as huge and the next turn takes the lock.
      const age = Date.now() - (statSync(packLock, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      if (age > 15 * 60_000) rmSync(packLock, { recursive: true, force: true })
      else await new Promise((done) => setTimeout(done, 500))
    }
  }
}

async function buildAndPack(tarball: string): Promise<PackedLatchkey> {
  // tsup with declarations: a minute and a half of both cores alone, several minutes beside a
  // whole test run (it went past the default 5 minutes once and was killed)
  const build = await run('npm', ['run', 'build'], { cwd: repo, timeoutMs: 900_000 })
  const pack = await run('npm', ['pack', '--json', '--pack-destination', consumersWorkDir], {
    cwd: repo,
  })
  const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }]
  // Older tarballs of this checkout go: only the newest is ever installed.
  for (const old of readdirSync(consumersWorkDir))
    if (/^latchkey-[0-9a-f]{16}\.tgz$/.test(old)) rmSync(join(consumersWorkDir, old))
  renameSync(join(consumersWorkDir, filename), tarball)
  return { tarball, buildSeconds: build.seconds, packSeconds: pack.seconds }
}
