/**
 * The Latchkey server of `npm run dev` (email login for the playground): in-process, SQLite file
 * and a development master key under `.tmp/dev-server/`, codes printed to the console, chains 1
 * and 56 on the anvil nodes. It listens on loopback, and the playground reaches its frame as
 * `http://localhost:{port}`: another site than the playground's `http://127.0.0.1:…`, as a real
 * dapp and its wallet server are, so the frame runs as the third-party iframe it is in production.
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createLatchkeyServer, type ListeningServer } from '../server/createLatchkeyServer'
import type { LatchkeyServerOptions } from '../server/options'

/** A running dev server. */
export interface DevEmbeddedServer {
  /** The frame page, e.g. `http://localhost:8787/frame`. */
  frameUrl: string
  /** The server's root, e.g. `http://localhost:8787` (its swap routes, when `swap` is set). */
  url: string
  stop(): Promise<void>
}

const folder = fileURLToPath(new URL('../.tmp/dev-server/', import.meta.url))

/** Starts the dev server on port 8787, or a free port when 8787 is taken. */
export async function startDevEmbeddedServer({
  rpcUrls,
  swap,
  farcaster,
}: {
  rpcUrls: Record<number, string>
  /** The swap providers it forwards to (the dev swap lab's quote API). */
  swap?: LatchkeyServerOptions['swap']
  /** Sign In With Farcaster against the dev relay and the chain-10 anvil. */
  farcaster?: LatchkeyServerOptions['farcaster']
}): Promise<DevEmbeddedServer> {
  await mkdir(folder, { recursive: true })
  const server = await createLatchkeyServer({
    host: '127.0.0.1',
    databaseUrl: `file:${folder}latchkey.db`,
    chains: rpcUrls,
    ...(swap ? { swap } : {}),
    ...(farcaster ? { farcaster } : {}),
    // The playground, on any port Vite picks.
    allowedOrigins: { '*': ['http://127.0.0.1:*', 'http://localhost:*'] },
    // One person logging in again and again from one address.
    rateLimits: {
      codesPerEmail: { limit: 30, windowMs: 600_000 },
      codesPerAddress: { limit: 100, windowMs: 600_000 },
      checksPerAddress: { limit: 100, windowMs: 600_000 },
    },
  })
  let listening: ListeningServer
  try {
    listening = await server.listen({ port: 8787 })
  } catch {
    listening = await server.listen({ port: 0 })
  }
  return {
    frameUrl: `http://localhost:${listening.port}/frame`,
    url: `http://localhost:${listening.port}`,
    async stop() {
      await server.close()
    },
  }
}
