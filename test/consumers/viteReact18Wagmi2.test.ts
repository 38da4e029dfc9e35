import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { inject } from '../harness/inject'
import { type PlaygroundServer, startPlaygroundServer } from '../harness/playgroundServer'
import { expectDeclarationsPass } from './checkDeclarations'
import { driveConsumer } from './driveConsumer'
import { type PreparedFixture, prepareFixture } from './prepareFixture'

const rpcUrls = inject('rpcUrls')
let fixture: PreparedFixture | undefined
let server: PlaygroundServer | undefined

afterAll(async () => {
  await server?.stop()
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

describe('consumer: Vite + React 18 + wagmi 2, from the packed tarball', () => {
  test('default: installs the tarball, typechecks and builds as the README shows', async () => {
    fixture = await prepareFixture('vite-react18-wagmi2')
    await fixture.script('typecheck')
    // The app's own RPC URLs: the anvil nodes, baked in at build time as a user's env would.
    await fixture.script('build', {
      NODE_ENV: 'production',
      VITE_RPC_URL_1: String(rpcUrls[1]),
      VITE_RPC_URL_56: String(rpcUrls[56]),
    })
  }, 900_000)

  test('default: Latchkey’s declarations pass tsc with skipLibCheck false under the app’s tsconfig', async () => {
    await expectDeclarationsPass(fixture)
  }, 300_000)

  test('behavior: connect, Account, switch network, reload while connected: no error, nothing off loopback', async () => {
    if (!fixture) throw new Error('the fixture did not build (see the test above)')
    // The test wallet forwards to `/rpc/{chainId}` on the page's origin: the server proxies it.
    server = await startPlaygroundServer({ root: join(fixture.dir, 'dist'), rpc: rpcUrls })
    const started = performance.now()
    const result = await driveConsumer(`${server.url}/`)
    fixture.timings.browser = (performance.now() - started) / 1000
    expect(result.errors).toEqual([])
    expect(result.offLoopback).toEqual([])
    expect(result.connectingBeforeClick).toBe(false)
  }, 120_000)
})
