import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { loadPeer } from '../loadPeer'
import type { LatchkeyServerOptions } from '../options'
import { isPostgresUrl } from '../storage/pg/isPostgresUrl'

/**
 * How each package is loaded: literal specifiers only, so no string decides what code loads
 * (the hygiene scan refuses `import()` of a computed name).
 */
const importers = {
  hono: () => import('hono'),
  '@hono/node-server': () => import('@hono/node-server'),
  '@libsql/client': () => import('@libsql/client'),
  pg: () => import('pg'),
  viem: () => import('viem'),
  zod: () => import('zod'),
  nodemailer: () => import('nodemailer'),
  jose: () => import('jose'),
  '@simplewebauthn/server': () => import('@simplewebauthn/server'),
} satisfies Record<string, () => Promise<unknown>>

/** A package `latchkey serve` loads. */
export type ServePackage = keyof typeof importers

/** The database's client: PostgreSQL's for a postgres:// URL, else SQLite's. */
export function databasePackage(options: LatchkeyServerOptions): ServePackage {
  return options.databaseUrl && isPostgresUrl(options.databaseUrl) ? 'pg' : '@libsql/client'
}

/** Packages `latchkey serve` loads with these options, in install-line order. */
export function servePackages(options: LatchkeyServerOptions): ServePackage[] {
  return [
    'hono',
    '@hono/node-server',
    databasePackage(options),
    'viem',
    'zod',
    ...(options.smtpUrl ? (['nodemailer'] as const) : []),
    // ID tokens are verified with jose, loaded only when a provider is configured.
    ...(options.social ? (['jose'] as const) : []),
    // Passkeys are on by default (the `passkeys` option).
    '@simplewebauthn/server',
  ]
}

/**
 * Every package of `packages` that is not installed, found by loading each one the way the
 * server will (`loadPeer`), all at once, so a user learns every missing package in one run.
 */
export async function missingPackages(packages: readonly ServePackage[]): Promise<ServePackage[]> {
  const results = await Promise.all(
    packages.map(async (name) => {
      try {
        const load: () => Promise<unknown> = importers[name]
        await loadPeer(name, load)
        return undefined
      } catch (error) {
        // Installed but failing to load (or missing one of its own peers, named on its own):
        // the server's own load reports it with its cause.
        const cause = error instanceof MissingPeerDependencyError ? error.cause : undefined
        const message = cause instanceof Error ? cause.message : ''
        return message.includes(`'${name}'`) ? name : undefined
      }
    }),
  )
  return results.filter((name): name is ServePackage => name !== undefined)
}
