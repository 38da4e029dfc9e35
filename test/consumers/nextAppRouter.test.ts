import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inject } from '../harness/inject'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { driveConsumer } from './driveConsumer'
import { driveSolanaConsumer } from './driveSolanaConsumer'
import { type FrontServer, startFrontServer } from './frontServer'
import { type PreparedFixture, prepareFixture } from './prepareFixture'
import { type AppServer, startAppServer } from './startAppServer'

const rpcUrls = inject('rpcUrls')
// Next.js reports usage to its vendor unless told not to: nothing leaves loopback here.
const nextEnv = { NEXT_TELEMETRY_DISABLED: '1' }
let fixture: PreparedFixture | undefined
let app: AppServer | undefined
let front: FrontServer | undefined
// The `/solana` page's cluster: litesvm on loopback (issue 13).
let solana: SolanaRpc
beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
// The app's own RPC URLs: the anvil nodes and the Solana cluster, inlined at build time as a
// user's env would be.
const buildEnv = () => ({
  ...nextEnv,
  NODE_ENV: 'production',
  NEXT_PUBLIC_RPC_URL_1: String(rpcUrls[1]),
  NEXT_PUBLIC_RPC_URL_56: String(rpcUrls[56]),
  NEXT_PUBLIC_SOLANA_RPC_URL: solana.url,
})

async function stopServers() {
  await front?.stop()
  await app?.stop()
  front = undefined
  app = undefined
}

afterAll(async () => {
  await stopServers()
  await solana?.stop()
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

/** `next start` on the current build; the server-sent HTML of `path` for a new visitor. */
async function startAndFetch(label: string, path = '/'): Promise<string> {
  if (!fixture) throw new Error('the fixture did not build (see the tests above)')
  await stopServers()
  const started = performance.now()
  app = await startAppServer(fixture.dir, 'start', { ...nextEnv, NODE_ENV: 'production' })
  fixture.timings[`start${label}`] = (performance.now() - started) / 1000
  return (await fetch(`${app.url}${path}`)).text()
}

/** The whole visitor run of driveConsumer, on the running `next start`, with its assertions. */
async function driveNext(label: string, reloads = 1) {
  if (!app || !fixture) throw new Error('next start did not run (see the tests above)')
  // The test wallet forwards to `/rpc/{chainId}` on the page's origin: the front server does that.
  front = await startFrontServer({ upstream: app.url, rpc: rpcUrls })
  const started = performance.now()
  const result = await driveConsumer(`${front.url}/`, { reloads })
  fixture.timings[`browser${label}`] = (performance.now() - started) / 1000
  // plan G11: every reload while connected (wagmi's cookie state) hydrates without a warning
  expect(result.reloadsConnected).toBe(reloads)
  expect(result.errors.filter((e) => /hydrat|did not match|server rendered/i.test(e))).toEqual([])
  expect(result.errors).toEqual([])
  expect(result.offLoopback).toEqual([])
  expect(result.connectingBeforeClick).toBe(false)
  expect(result.serverButton).toContain('Connect Wallet')
  // wagmi's cookie: the reload's server HTML is the restoring state the browser renders first
  // ("Connecting…", not an address the wallet has not confirmed yet, plan G4); the account
  // button follows once the wallet answers (driveConsumer waits for it), with no hydration error.
  expect(result.serverButtonAfterReload).toContain('data-state="connecting"')
  expect(result.serverButtonAfterReload).toContain('Connecting…')
  expect(result.serverButtonAfterReload).not.toContain('0xf3…b92266')
}

const newVisitorButton = /<button[^>]*data-testid="connect-button"[^>]*>Connect Wallet<\/button>/

/** The scripts the server-sent HTML loads (the first bundle), read from the build output. */
function firstBundleScripts(html: string): string[] {
  if (!fixture) throw new Error('the fixture did not build (see the tests above)')
  const dir = fixture.dir
  const sources = [...html.matchAll(/<script[^>]*\ssrc="\/_next\/([^"?]+)[^"]*"/g)]
  return sources.map((match) =>
    readFileSync(join(dir, '.next', decodeURIComponent(match[1] ?? '')), 'utf8'),
  )
}

describe('consumer: Next.js app router + React 19 + wagmi 3, from the packed tarball', () => {
  test('default: next build (Turbopack) succeeds with <ConnectButton/> in a Server Component and no WalletConnect installed, and the app typechecks', async () => {
    fixture = await prepareFixture('next-app-router')
    await fixture.script('build', buildEnv())
    // After the build: `next-env.d.ts` and the route types it references exist then.
    await fixture.script('typecheck')
  }, 900_000)

  test('behavior: the server renders "Connect Wallet" (never "Connecting…") for a new visitor', async () => {
    const html = await startAndFetch('')
    // Turbopack's runtime serves the page (the build below replaces it with webpack's).
    expect(html).toMatch(/\/_next\/static\/chunks\/turbopack-[^"]+\.js/)
    expect(html).toMatch(newVisitorButton)
    expect(html).not.toContain('Connecting…')
  }, 120_000)

  test('behavior: a page rendering only <ConnectButton/> in a Server Component loads no hook it does not call before the click', async () => {
    const html = await startAndFetch('')
    const scripts = firstBundleScripts(html)
    expect(scripts.length).toBeGreaterThan(0)
    // the page does load Latchkey's button before the click
    expect(scripts.some((code) => code.includes('connect-button'))).toBe(true)
    // A state of the email-login machine (useEmailLogin's): only the modal, loaded later, needs it.
    // A `"use client"` barrel made Next.js ship every export of latchkey/react with the page.
    expect(scripts.filter((code) => code.includes('submittingSecondaryOtp'))).toEqual([])
  }, 120_000)

  test('behavior: G11 connect, Account, switch network, 20 reloads while connected (cookie state): server HTML matches, 0 hydration warnings or console errors, nothing off loopback', async () => {
    await driveNext('', 20)
  }, 240_000)

  test('behavior: `/`, which does not use latchkey/solana, loads no Solana code before or after the click', async () => {
    const html = await startAndFetch('')
    const scripts = firstBundleScripts(html)
    expect(scripts.some((code) => code.includes('connect-button'))).toBe(true)
    // the Solana adapter's Wallet Standard feature names and the registry's event
    expect(
      scripts.filter((code) => /solana:signMessage|wallet-standard:register-wallet/.test(code)),
    ).toEqual([])
  }, 120_000)

  test('behavior: `/solana` (<SolanaProvider> in a client component): the server renders "Connect Wallet"; connect the Solana wallet from the modal, SOL on the button and Account, reload reconnects; no error, nothing off loopback', async () => {
    const html = await startAndFetch(' (solana)', '/solana')
    expect(html).toMatch(newVisitorButton)
    expect(html).not.toContain('Connecting…')
    if (!app) throw new Error('next start did not run')
    front = await startFrontServer({ upstream: app.url, rpc: rpcUrls })
    const run = await driveSolanaConsumer(`${front.url}/solana`, solana)
    expect(run.errors).toEqual([])
    expect(run.offLoopback).toEqual([])
  }, 180_000)

  // The issue: the README's code must build with Turbopack and with webpack (`next build --webpack`).
  test('default: next build --webpack succeeds with the same app and no WalletConnect installed', async () => {
    if (!fixture) throw new Error('the fixture did not install (see the tests above)')
    // The Turbopack server goes first: the webpack build replaces `.next`.
    await stopServers()
    await fixture.script('build:webpack', buildEnv())
  }, 900_000)

  test('behavior: webpack build: "Connect Wallet" from the server, then connect, switch network, reload while connected with no error, nothing off loopback', async () => {
    const html = await startAndFetch(' (webpack)')
    expect(html).toMatch(/\/_next\/static\/chunks\/webpack-[^"]+\.js/)
    expect(html).not.toMatch(/\/_next\/static\/chunks\/turbopack-/)
    expect(html).toMatch(newVisitorButton)
    expect(html).not.toContain('Connecting…')
    await driveNext(' (webpack)')
  }, 180_000)
})
