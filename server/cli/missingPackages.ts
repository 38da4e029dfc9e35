import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { loadPeer } from '../loadPeer'
import type { LatchkeyServerOptions } from '../options'

/** Packages `latchkey serve` loads with these options, in install-line order. */
export function servePackages(options: LatchkeyServerOptions): string[] {
  return [
    'hono',
    '@hono/node-server',
    '@libsql/client',
    'viem',
    'zod',
    ...(options.smtpUrl ? ['nodemailer'] : []),
  ]
}

/**
 * Every package of `packages` that is not installed, found by loading each one the way the
 * server will (`loadPeer`), all at once, so a user learns every missing package in one run.
 */
export async function missingPackages(packages: readonly string[]): Promise<string[]> {
  const results = await Promise.all(
    packages.map(async (name) => {
      try {
        await loadPeer(name, () => import(name))
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
  return results.filter((name): name is string => name !== undefined)
}
