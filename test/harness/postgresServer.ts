import { execFileSync, spawnSync } from 'node:child_process'
import {
  chownSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

/**
 * A real PostgreSQL server (the Debian `postgresql` package) for tests: `initdb` and `pg_ctl`
 * run as an unprivileged user (PostgreSQL refuses root) on a free loopback port, with a data
 * folder of its own. Durability is off (fsync, synchronous commit): it lives for one test run.
 */

/** The folder of `initdb` and `pg_ctl`: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (onPath) return join(onPath, '..')
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0])
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does it)')
  return join(root, versions[0], 'bin')
}

/** The account PostgreSQL runs as: this one, or (as root) `postgres` or `nobody`. */
function serverUser(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
    if (id.status === 0) return { uid: Number(id.stdout), gid: Number(gid.stdout), name }
  }
  throw new Error('No unprivileged user to run PostgreSQL as (postgres or nobody)')
}

/** Runs a PostgreSQL program as the server's account; its output on failure. */
function runAs(program: string, args: string[]): void {
  const user = serverUser()
  const [command, commandArgs] = user
    ? [
        'setpriv',
        [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', program, ...args],
      ]
    : [program, args]
  execFileSync(command as string, commandArgs as string[], { stdio: 'pipe', timeout: 60_000 })
}

/** Makes `dir` the server account's (the data folder and the socket live there). */
export function giveToServerUser(dir: string): void {
  const user = serverUser()
  if (user) chownSync(dir, user.uid, user.gid)
}

/**
 * Initialises a cluster in `dir/data` and starts it on `port` (127.0.0.1 only, socket in `dir`);
 * returns the URL of its `postgres` database (user `latchkey`, trust auth on loopback).
 */
export function startPostgresServer(dir: string, port: number): string {
  const bin = postgresBinDir()
  const data = join(dir, 'data')
  giveToServerUser(dir)
  runAs(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'latchkey',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ])
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
  ].join(' ')
  runAs(join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start'])
  return `postgres://latchkey@127.0.0.1:${port}/postgres`
}

/** Stops the cluster in `dir/data` at once (test data only), if it runs. */
export function stopPostgresServer(dir: string): void {
  const data = join(dir, 'data')
  if (!existsSync(join(data, 'postmaster.pid'))) return
  runAs(join(postgresBinDir(), 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
}

/** Writes `text` to `path` in one step readers never see half done (write, then rename). */
export function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text)
  renameSync(`${path}.tmp`, path)
}

/** The text of `path`, or undefined while it is missing. */
export function readIfThere(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined
}
