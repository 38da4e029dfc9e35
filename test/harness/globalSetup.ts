import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { type Relay, startRelay } from '../relay/startRelay'
import { type AnvilNode, startAnvil } from './anvil'
import { consumerWorkers, e2eWorkers } from './e2eWorkers'
import { type PlaygroundServer, startPlaygroundServer } from './playgroundServer'

/** One set of chains, relay and playground server: each e2e worker has its own. */
export interface E2eEnvironment {
  /** The built playground, served with `/rpc/1` and `/rpc/56` proxied to anvil. */
  playgroundUrl: string
  /** Anvil RPC URLs by chain id (for snapshots and direct reads). */
  rpcUrls: Record<number, string>
  /** The loopback WalletConnect relay; the page reaches it as `/relay` on its own origin. */
  relayUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One environment per worker (`VITEST_POOL_ID` 1 takes the first): read with `test/harness/inject.ts`. */
    environments: E2eEnvironment[]
  }
}

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')

/**
 * e2e globalSetup: build the playground once, then per e2e worker anvil 1 and 56, a relay and a
 * static server over the build. The consumer project gets a set of chains and a relay per worker
 * (`consumerWorkers`), and no playground (it builds its own apps).
 */
export default async function setup(project: TestProject) {
  const nodes: AnvilNode[] = []
  const servers: PlaygroundServer[] = []
  const relays: Relay[] = []
  let outDir: string | undefined
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await Promise.all(relays.map((relay) => relay.stop()))
    await Promise.all(nodes.map((node) => node.stop()))
    if (outDir) await rm(outDir, { recursive: true, force: true })
  }
  /** Anvil 1 and 56 and a relay, kept for teardown. */
  const startChains = async () => {
    const pair = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
    nodes.push(...pair)
    const relay = await startRelay()
    relays.push(relay)
    return { rpcUrls: Object.fromEntries(pair.map((node) => [node.chainId, node.rpcUrl])), relay }
  }
  try {
    if (project.name === 'consumers') {
      const environments = await Promise.all(
        Array.from({ length: consumerWorkers }, async (): Promise<E2eEnvironment> => {
          const { rpcUrls, relay } = await startChains()
          return { playgroundUrl: '', rpcUrls, relayUrl: relay.url }
        }),
      )
      project.provide('environments', environments)
      return teardown
    }
    const { build } = await import('vite')
    const root = resolve(repo, 'playground')
    // A private output folder: concurrent runs (and `npm run dev`) never serve a half-written build.
    const built = await mkdtemp(join(tmpdir(), 'latchkey-playground-'))
    outDir = built
    // Vitest sets NODE_ENV=test, which would bundle React's development build: test what ships.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({
        root,
        logLevel: 'warn',
        mode: 'production',
        build: { outDir: built, emptyOutDir: true },
      })
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    }
    const environments = await Promise.all(
      Array.from({ length: e2eWorkers }, async (): Promise<E2eEnvironment> => {
        const { rpcUrls, relay } = await startChains()
        const server = await startPlaygroundServer({ root: built, rpc: rpcUrls, relay: relay.url })
        servers.push(server)
        return { playgroundUrl: server.url, rpcUrls, relayUrl: relay.url }
      }),
    )
    project.provide('environments', environments)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
