/**
 * What `npm install` puts on a user's disk: the packed tarball with the packages a front-end user
 * or a server user installs beside it (README's install lines), each into an empty scratch folder
 * outside the repository (npm's shared cache, `--prefer-offline`), and the same install without
 * Latchkey, so Latchkey's own share shows.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { consumersWorkDir, packLatchkey } from '../test/consumers/packLatchkey'
import { run } from '../test/consumers/run'

/** The users measured and what each installs beside Latchkey. */
export const installUsers = {
  front: ['wagmi', 'viem', '@tanstack/react-query', 'react', 'react-dom'],
  server: ['hono', '@hono/node-server', '@libsql/client', 'nodemailer', 'viem'],
} as const

/** One install: size on disk and packages in the tree. */
export interface InstallFigures {
  /** `du -sk node_modules`, in bytes (blocks on disk, as a user's disk sees them). */
  diskBytes: number
  /** Installed entries of package-lock.json's `packages` (every copy, nested ones too). */
  packages: number
  /** Bytes on disk per top-level folder (`node_modules/<name>`), to see what came in. */
  topLevel: Record<string, number>
  seconds: number
}

export interface InstallReport {
  user: keyof typeof installUsers
  withLatchkey: InstallFigures
  without: InstallFigures
}

async function install(folder: string, specs: string[]): Promise<InstallFigures> {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'package.json'), '{ "name": "bench-install", "private": true }\n')
  const result = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    { cwd: folder, timeoutMs: 900_000 },
  )
  const du = await run('du', ['-sk', 'node_modules'], { cwd: folder })
  const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>
  }
  // The lock also names other platforms' optional builds (`@libsql/darwin-arm64`…): not on disk.
  const paths = Object.keys(lock.packages).filter(
    (path) => path !== '' && existsSync(join(folder, path)),
  )
  const topLevel = paths.filter((path) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
  const perPackage = await run('du', ['-sk', ...topLevel], { cwd: folder })
  return {
    diskBytes: Number.parseInt(du.stdout, 10) * 1024,
    packages: paths.length,
    topLevel: Object.fromEntries(
      perPackage.stdout
        .trim()
        .split('\n')
        .map((line) => {
          const [size = '0', path = ''] = line.split('\t')
          return [path.slice('node_modules/'.length), Number.parseInt(size, 10) * 1024]
        }),
    ),
    seconds: result.seconds,
  }
}

/** Installs for one user, with and without the tarball; the scratch folders are removed after. */
export async function measureInstall(user: keyof typeof installUsers): Promise<InstallReport> {
  const { tarball } = await packLatchkey()
  const root = join(consumersWorkDir, 'bench-install')
  try {
    const withLatchkey = await install(join(root, `${user}-latchkey`), [
      tarball,
      ...installUsers[user],
    ])
    const without = await install(join(root, `${user}-without`), [...installUsers[user]])
    return { user, withLatchkey, without }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
