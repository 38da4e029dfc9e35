import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { type Relay, startRelay } from '../relay/startRelay'
import { type AnvilNode, startAnvil } from './anvil'
import { type PlaygroundServer, startPlaygroundServer } from './playgroundServer'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built playground, served with `/rpc/1` and `/rpc/56` proxied to anvil. */
    playgroundUrl: string
    /** Anvil RPC URLs by chain id (for snapshots and direct reads). */
    rpcUrls: Record<number, string>
    /** The loopback WalletConnect relay; the page reaches it as `/relay` on its own origin. */
    relayUrl: string
  }
}

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')

/**
 * e2e globalSetup: build the playground, start anvil 1 and 56 and the static server. The
 * consumer project gets its own chains and relay, and no playground (it builds its own apps).
 */
export default async function setup(project: TestProject) {
  const nodes: AnvilNode[] = []
  let server: PlaygroundServer | undefined
  let relay: Relay | undefined
  let outDir: string | undefined
  const teardown = async () => {
    await server?.stop()
    await relay?.stop()
    await Promise.all(nodes.map((node) => node.stop()))
    if (outDir) await rm(outDir, { recursive: true, force: true })
  }
  try {
    if (project.name === 'consumers') {
      nodes.push(...(await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])))
      relay = await startRelay()
      project.provide('playgroundUrl', '')
      project.provide(
        'rpcUrls',
        Object.fromEntries(nodes.map((node) => [node.chainId, node.rpcUrl])),
      )
      project.provide('relayUrl', relay.url)
      return teardown
    }
    const { build } = await import('vite')
    const root = resolve(repo, 'playground')
    // A private output folder: concurrent runs (and `npm run dev`) never serve a half-written build.
    outDir = await mkdtemp(join(tmpdir(), 'latchkey-playground-'))
    // Vitest sets NODE_ENV=test, which would bundle React's development build: test what ships.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({
        root,
        logLevel: 'warn',
        mode: 'production',
        build: { outDir, emptyOutDir: true },
      })
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    }
    nodes.push(...(await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])))
    const rpc = Object.fromEntries(nodes.map((node) => [node.chainId, node.rpcUrl]))
    relay = await startRelay()
    server = await startPlaygroundServer({ root: outDir, rpc, relay: relay.url })
    project.provide('playgroundUrl', server.url)
    project.provide('rpcUrls', rpc)
    project.provide('relayUrl', relay.url)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
