import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { type AnvilNode, startAnvil } from './anvil'
import { type PlaygroundServer, startPlaygroundServer } from './playgroundServer'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built playground, served with `/rpc/1` and `/rpc/56` proxied to anvil. */
    playgroundUrl: string
    /** Anvil RPC URLs by chain id (for snapshots and direct reads). */
    rpcUrls: Record<number, string>
  }
}

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')

/** e2e globalSetup: build the playground, start anvil 1 and 56 and the static server. */
export default async function setup(project: TestProject) {
  const nodes: AnvilNode[] = []
  let server: PlaygroundServer | undefined
  const teardown = async () => {
    await server?.stop()
    await Promise.all(nodes.map((node) => node.stop()))
  }
  try {
    const { build } = await import('vite')
    const root = resolve(repo, 'playground')
    // Vitest sets NODE_ENV=test, which would bundle React's development build: test what ships.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({ root, logLevel: 'warn', mode: 'production' })
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    }
    nodes.push(...(await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])))
    const rpc = Object.fromEntries(nodes.map((node) => [node.chainId, node.rpcUrl]))
    server = await startPlaygroundServer({ root: resolve(root, 'dist'), rpc })
    project.provide('playgroundUrl', server.url)
    project.provide('rpcUrls', rpc)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
