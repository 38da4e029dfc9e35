import type { Frame, Page } from 'playwright-core'
import { bytesToHex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { type SocialProviders, startSocialProviders } from '../harness/startSocialLab'
import {
  dumpHostStorage,
  frameMessages,
  frameOf,
  hostRequest,
  openHost,
  rawToFrame,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Social login through the wallet frame in the three-site lab (dapp.test hosts the frame of
// wallet.test; evil.test is an ad inside the host), against a real OIDC provider: the host page
// is untrusted. It only ever holds the result handle the callback page hands it; the frame
// redeems it with the device key that started the login. A hostile page cannot redeem a handle,
// and nothing it can read carries a token, a code or the PKCE verifier.

const wait = { timeout: 15_000 }
const partitioned = ['--disable-features=TrackingProtection3pcd']

type SocialResult = { origin: string; data: { type: string; result: string } }

/**
 * Opens the authorization URL in a popup from the host page, as the modal does, and resolves with
 * the first message the popup posts to the host (the callback page's result).
 */
function authorizeInPopup(page: Page, uri: string): Promise<SocialResult> {
  return page.evaluate(
    (uri) =>
      new Promise<SocialResult>((resolve) => {
        const popup = window.open(uri, 'latchkey-social', 'popup=yes,width=480,height=640')
        window.addEventListener('message', (event) => {
          if (event.source === popup) resolve({ origin: event.origin, data: event.data })
        })
      }),
    uri,
  )
}

/** Records the session tokens the server hands the wallet origin for social logins. */
function watchSocialTokens(page: Page) {
  const tokens: string[] = []
  page.on('response', async (response) => {
    if (!response.url().endsWith('/v1/social/connect') || !response.ok()) return
    const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined
    if (typeof body?.token === 'string') tokens.push(body.token)
  })
  return tokens
}

/** The evil.test ad inside the host page (`?evil=1`). */
function evilFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('evil.test'))
  if (!frame) throw new TypeError('no evil frame in the host page')
  return frame
}

/** Starts a login from the host page; resolves with the authorization URL and the handle. */
async function loginAtProvider(page: Page, provider = 'google') {
  const started = await hostRequest(page, 'GET_SOCIAL_REDIRECT_URI', { provider })
  expect(started.ok, JSON.stringify(started)).toBe(true)
  const { uri } = (started as { value: { uri: string } }).value
  const message = await authorizeInPopup(page, uri)
  return { uri, message, result: message.data.result }
}

describe('social login through the frame, third-party storage partitioned', () => {
  let providers: SocialProviders
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    providers = await startSocialProviders()
    lab = await startFrameLab({
      port: providers.port,
      // ID tokens are dated by the provider's clock: the server reads the same one
      server: { social: providers.social, now: () => Date.now() },
    })
  })
  // A fresh profile per test: the provider's own login session (its cookie) would sign the
  // visitor of the test before in again.
  beforeEach(async () => {
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...partitioned] })
  })
  afterEach(async () => {
    await browser?.close()
  })
  afterAll(async () => {
    await lab?.close()
    await providers?.close()
  })

  test('default: the host gets only a handle for its own origin; the frame redeems it and keeps the token', async () => {
    providers.oidc.answer({ user: 'g-alice' })
    const page = await browser.newPage()
    const tokens = watchSocialTokens(page)
    await openHost(page, lab.hostUrl)
    const listed = await hostRequest(page, 'GET_SOCIAL_PROVIDERS')
    expect(listed).toEqual({
      ok: true,
      value: { providers: ['google', 'x', 'discord', 'apple', 'facebook', 'github'] },
    })

    const { uri, message, result } = await loginAtProvider(page)
    const authorize = new URL(uri)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(providers.social.redirectUrl)
    expect(authorize.searchParams.has('code_verifier')).toBe(false)
    // the callback page posted to the host at its exact origin, from the wallet origin
    expect(message.origin).toBe(new URL(lab.frameUrl).origin)
    expect(message.data).toEqual({
      type: 'latchkey:social-result',
      result: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })

    const user = await hostRequest(page, 'CONNECT_SOCIAL', { result })
    expect(user.ok, JSON.stringify(user)).toBe(true)
    expect((user as { value: unknown }).value).toMatchObject({
      email: null,
      socialProvider: 'google',
      userName: 'alice@gmail.test',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    })
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    // The token went to the wallet origin only: no message to the host, no host storage has it.
    expect(tokens).toHaveLength(1)
    const token = tokens[0] ?? ''
    expect(token.length).toBeGreaterThan(16)
    expect((await frameMessages(page)).join('\n')).not.toContain(token)
    expect(await dumpHostStorage(page)).not.toContain(token)
    // A handle works once: redeemed again (the frame is signed in now) it is refused.
    const again = await hostRequest(page, 'CONNECT_SOCIAL', { result })
    expect(again.ok).toBe(false)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: a hostile page cannot redeem a handle: not the ad inside the host, not another frame session', async () => {
    providers.oidc.answer({ user: 'g-bob' })
    const page = await browser.newPage()
    await openHost(page, `${lab.hostUrl}&evil=1`)
    const { result } = await loginAtProvider(page)

    // 1. The evil.test ad posts CONNECT_SOCIAL (and a start) to every frame of its parent: the
    //    wallet frame hears only its parent window at its exact origin, and answers nothing.
    const evil = evilFrame(page)
    await evil.evaluate((result) => {
      for (let index = 0; index < parent.frames.length; index++)
        for (const type of ['CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI'])
          if (parent.frames[index] !== window)
            parent.frames[index]?.postMessage(
              {
                id: crypto.randomUUID(),
                type,
                payload: type === 'CONNECT_SOCIAL' ? { result } : { provider: 'google' },
              },
              '*',
            )
    }, result)
    await page.waitForTimeout(500)
    expect(
      await evil.evaluate(() => (window as unknown as { received: unknown[] }).received),
    ).toEqual([])

    // 2. Another browser profile (another frame session, another device key) with the handle.
    const stranger = await launchBrowser({
      wallet: false,
      args: [...lab.browserArgs, ...partitioned],
    })
    try {
      const other = await stranger.newPage()
      await openHost(other, lab.hostUrl)
      // a frame that started no login has no key to redeem with
      const unstarted = await hostRequest(other, 'CONNECT_SOCIAL', { result })
      expect(unstarted).toMatchObject({
        ok: false,
        error: { name: 'FrameRequestError', message: 'Start the social login first.' },
      })
      // one that started its own is refused by the server: the handle is bound to another key
      expect((await hostRequest(other, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).ok).toBe(
        true,
      )
      const stolen = await hostRequest(other, 'CONNECT_SOCIAL', { result })
      expect(stolen).toMatchObject({ ok: false, error: { name: 'SocialResultInvalidError' } })
      expect(await hostRequest(other, 'IS_CONNECTED')).toEqual({
        ok: true,
        value: { isConnected: false },
      })
      expect((await frameMessages(other)).join('\n')).not.toMatch(/token/i)
    } finally {
      await stranger.close()
    }

    // 3. The host cannot name another origin for the result, nor hand the frame a code.
    const named = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'GET_SOCIAL_REDIRECT_URI',
      payload: { provider: 'google', origin: 'http://evil.test' },
    })
    expect(named).toMatchObject([
      { type: 'GET_SOCIAL_REDIRECT_URI_ERROR', payload: { code: -32602 } },
    ])
    const coded = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'CONNECT_SOCIAL',
      payload: { uri: 'http://dapp.test/?code=x' },
    })
    expect(coded).toMatchObject([{ type: 'CONNECT_SOCIAL_ERROR', payload: { code: -32602 } }])

    // The owner still signs in with its handle afterwards.
    const user = await hostRequest(page, 'CONNECT_SOCIAL', { result })
    expect(user).toMatchObject({ ok: true, value: { userName: 'bob@gmail.test' } })
  })

  test('behavior: declined at the provider: SocialLoginCancelledError keeps its name across the wire', async () => {
    providers.github.answer({ deny: true })
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const { result } = await loginAtProvider(page, 'github')
    const cancelled = await hostRequest(page, 'CONNECT_SOCIAL', { result })
    expect(cancelled).toMatchObject({
      ok: false,
      error: { name: 'SocialLoginCancelledError', message: expect.stringMatching(/cancelled/) },
    })
    providers.github.answer({ user: 4242 })
  })
})

describe('social login in a sealed project: the frame makes the wallet', () => {
  let providers: SocialProviders
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    providers = await startSocialProviders()
    lab = await startFrameLab({
      port: providers.port,
      server: { social: providers.social, custody: 'sealed', now: () => Date.now() },
    })
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...partitioned] })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
    await providers?.close()
  })

  test('default: a first social login makes a sealed wallet in the frame; personal_sign verifies', async () => {
    providers.oidc.answer({ user: 'g-sealed' })
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const { result } = await loginAtProvider(page)
    const user = await hostRequest(page, 'CONNECT_SOCIAL', { result })
    expect(user.ok, JSON.stringify(user)).toBe(true)
    const address = (user as { value: { address: `0x${string}` } }).value.address
    // the server holds no key of it: the frame made and split it (issue 16)
    const { storage } = lab.server.server.context
    const identity = await storage.socialIdentities.find('google', 'g-sealed')
    const wallet = identity && (await storage.wallets.findByUserId(identity.userId))
    expect(wallet).toMatchObject({ address, custody: 'sealed', encryptedKey: '' })
    const message = 'sealed social hello'
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode(message)), address],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    await frame
      .getByLabel('Recovery password', { exact: true })
      .fill('correct horse battery staple')
    await frame.getByLabel('Type it again', { exact: true }).fill('correct horse battery staple')
    await frame.getByRole('button', { name: 'Set password' }).click()
    const approve = frame.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), wait).toBe(true)
    await approve.click()
    const signed = await waitForResult(page, 'sign')
    expect(signed.ok, JSON.stringify(signed)).toBe(true)
    const signature = (signed as { value: { result: `0x${string}` } }).value.result
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})
