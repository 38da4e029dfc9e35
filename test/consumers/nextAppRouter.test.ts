import { afterAll, describe, expect, inject, test } from 'vitest'
import { driveConsumer } from './driveConsumer'
import { type FrontServer, startFrontServer } from './frontServer'
import { type PreparedFixture, prepareFixture } from './prepareFixture'
import { type AppServer, startAppServer } from './startAppServer'

const rpcUrls = inject('rpcUrls')
// Next.js reports usage to its vendor unless told not to: nothing leaves loopback here.
const nextEnv = { NEXT_TELEMETRY_DISABLED: '1' }
let fixture: PreparedFixture | undefined
let app: AppServer | undefined
let front: FrontServer | undefined

afterAll(async () => {
  await front?.stop()
  await app?.stop()
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

describe('consumer: Next.js app router + React 19 + wagmi 3, from the packed tarball', () => {
  test('default: next build succeeds with <ConnectButton/> in a Server Component and no WalletConnect installed', async () => {
    fixture = await prepareFixture('next-app-router')
    await fixture.script('build', {
      ...nextEnv,
      NODE_ENV: 'production',
      NEXT_PUBLIC_RPC_URL_1: String(rpcUrls[1]),
      NEXT_PUBLIC_RPC_URL_56: String(rpcUrls[56]),
    })
  }, 900_000)

  test('behavior: the server renders "Connect Wallet" (never "Connecting…") for a new visitor', async () => {
    if (!fixture) throw new Error('the fixture did not build (see the test above)')
    const started = performance.now()
    app = await startAppServer(fixture.dir, 'start', { ...nextEnv, NODE_ENV: 'production' })
    fixture.timings.start = (performance.now() - started) / 1000
    const html = await (await fetch(`${app.url}/`)).text()
    expect(html).toMatch(/<button[^>]*data-testid="connect-button"[^>]*>Connect Wallet<\/button>/)
    expect(html).not.toContain('Connecting…')
  }, 120_000)

  test('behavior: connect, Account, switch network, reload while connected: server HTML matches, no hydration or console error, nothing off loopback', async () => {
    if (!app || !fixture) throw new Error('next start did not run (see the tests above)')
    // The test wallet forwards to `/rpc/{chainId}` on the page's origin: the front server does that.
    front = await startFrontServer({ upstream: app.url, rpc: rpcUrls })
    const started = performance.now()
    const result = await driveConsumer(`${front.url}/`)
    fixture.timings.browser = (performance.now() - started) / 1000
    expect(result.errors).toEqual([])
    expect(result.offLoopback).toEqual([])
    expect(result.connectingBeforeClick).toBe(false)
    expect(result.serverButton).toContain('Connect Wallet')
    // wagmi's cookie: the reload's server HTML is already the connected button.
    expect(result.serverButtonAfterReload).toContain('data-testid="account-button"')
    expect(result.serverButtonAfterReload).toContain('0xf3…b92266')
  }, 120_000)
})
