import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inject } from '../harness/inject'
import { type PlaygroundServer, startPlaygroundServer } from '../harness/playgroundServer'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { driveSolanaConsumer } from './driveSolanaConsumer'
import { type PreparedFixture, prepareFixture } from './prepareFixture'

// Issue 13: `latchkey/solana` as a user installs it, from the packed tarball with the optional peer
// `@wallet-standard/app`, in a Vite app on wagmi 3 (README › Solana), against a litesvm cluster
// on loopback and the Wallet Standard test wallet injected as an extension would be.

const rpcUrls = inject('rpcUrls')
let fixture: PreparedFixture | undefined
let server: PlaygroundServer | undefined
let solana: SolanaRpc

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
afterAll(async () => {
  await server?.stop()
  await solana?.stop()
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

/** The scripts `dist/index.html` loads before any click (the entry and what it preloads). */
function firstBundle(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) =>
    readFileSync(join(dist, match[1] ?? ''), 'utf8'),
  )
}

describe('consumer: Vite + wagmi 3 + latchkey/solana, from the packed tarball', () => {
  test('default: installs with @wallet-standard/app, typechecks and builds; Wallet Standard loads on first need', async () => {
    fixture = await prepareFixture('vite-solana')
    await fixture.script('typecheck')
    await fixture.script('build', {
      NODE_ENV: 'production',
      VITE_RPC_URL_1: String(rpcUrls[1]),
      VITE_RPC_URL_56: String(rpcUrls[56]),
      VITE_SOLANA_RPC_URL: solana.url,
    })
    const dist = join(fixture.dir, 'dist')
    // Wallet Standard's registry event names: in a chunk of the build, never in the first bundle
    const registry = 'wallet-standard:register-wallet'
    const chunks = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    const withRegistry = chunks.filter((file) =>
      readFileSync(join(dist, 'assets', file), 'utf8').includes(registry),
    )
    expect(withRegistry.length).toBeGreaterThan(0)
    const initial = firstBundle(dist)
    expect(initial.length).toBeGreaterThan(0)
    expect(initial.filter((code) => code.includes(registry))).toEqual([])
  }, 900_000)

  test('behavior: connect the Solana wallet from the modal, SOL balance on the button and Account, reload reconnects; nothing off loopback', async () => {
    if (!fixture) throw new Error('the fixture did not build (see the test above)')
    server = await startPlaygroundServer({ root: join(fixture.dir, 'dist'), rpc: rpcUrls })
    const run = await driveSolanaConsumer(`${server.url}/`, solana)
    expect(run.errors).toEqual([])
    expect(run.offLoopback).toEqual([])
  }, 120_000)
})
