import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  dumpHostStorage,
  frameMessages,
  frameOf,
  hostRequest,
  hostState,
  issuedToken,
  loginByEmail,
  openHost,
  rawToFrame,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Issue 8 items 1 and 2: a script on the dapp page steals the session token, or plants one (B6).
// The session token never leaves the wallet origin, it is worthless without the frame's
// non-extractable device key, and the frame adopts no session it did not make itself.

const modes = [
  { mode: 'blocked', args: [] as string[], persistent: false },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'], persistent: true },
]

/** The frame's window (wallet.test), as Playwright reaches it; the dapp's scripts cannot. */
function walletFrame(page: Page, lab: FrameLab): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(lab.frameUrl))
  if (!frame) throw new TypeError('the wallet frame is not in the page')
  return frame
}

/** The token in the wallet origin's localStorage (null where third-party storage is blocked). */
function storedToken(frame: Frame): Promise<string | null> {
  return frame.evaluate(() => {
    try {
      return localStorage.getItem('latchkey.frame.token')
    } catch {
      return null
    }
  })
}

/** The stored device key as the wallet origin sees it: extractable flag and export attempt. */
function storedKey(frame: Frame) {
  return frame.evaluate(
    () =>
      new Promise<{ found: boolean; extractable?: boolean; exported?: string }>((resolve) => {
        try {
          const opening = indexedDB.open('latchkey-frame', 1)
          opening.onerror = () => resolve({ found: false })
          opening.onsuccess = () => {
            const db = opening.result
            if (!db.objectStoreNames.contains('keys')) return resolve({ found: false })
            const get = db.transaction('keys').objectStore('keys').get('device')
            get.onerror = () => resolve({ found: false })
            get.onsuccess = async () => {
              const pair = get.result as { privateKey?: CryptoKey } | undefined
              if (!pair?.privateKey) return resolve({ found: false })
              const exported = await crypto.subtle
                .exportKey('pkcs8', pair.privateKey)
                .then(() => 'exported')
                .catch((error: Error) => error.name)
              resolve({ found: true, extractable: pair.privateKey.extractable, exported })
            }
          }
        } catch {
          resolve({ found: false })
        }
      }),
  )
}

function deleteStoredKey(frame: Frame) {
  return frame.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const opening = indexedDB.open('latchkey-frame', 1)
        opening.onsuccess = () => {
          const tx = opening.result.transaction('keys', 'readwrite')
          tx.objectStore('keys').delete('device')
          tx.oncomplete = () => resolve()
        }
      }),
  )
}

async function reloadHost(page: Page) {
  await page.reload()
  await page.waitForFunction(() =>
    Boolean(
      (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client.isReady,
    ),
  )
}

describe.each(modes)('device-bound sessions, third-party storage $mode', ({ args, persistent }) => {
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    lab = await startFrameLab()
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...args] })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  async function signIn(email: string) {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, email)
    expect(user.ok).toBe(true)
    const { address } = (user as { value: { address: `0x${string}` } }).value
    return { page, address, user }
  }

  async function sign(page: Page, key: string, address: string) {
    const { approvals } = await hostState(page)
    const count = approvals.filter((event) => event.type === 'APPROVAL_REQUESTED').length + 1
    await startRequest(page, key, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['device-bound', address],
    })
    await waitForApproval(page, count)
    await frameOf(page).getByRole('button', { name: 'Approve' }).click()
    return waitForResult(page, key)
  }

  test('behavior (B6, issue 8 item 1): no message to the host and no host storage ever holds the token', async () => {
    const { page, address } = await signIn(`leak-${persistent}@example.com`)
    const token = issuedToken(page)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The wallet origin keeps exactly this token (in memory where its storage is blocked).
    expect(await storedToken(walletFrame(page, lab))).toBe(persistent ? token : null)
    expect((await sign(page, 'sign', address)).ok).toBe(true)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    const messages = await frameMessages(page)
    expect(await hostRequest(page, 'SIGN_OUT')).toEqual({ ok: true, value: undefined })
    const all = [...messages, ...(await frameMessages(page))]
    // READY, approval events and replies to login, user, sign, is-connected and sign-out.
    expect(all.length).toBeGreaterThanOrEqual(8)
    for (const message of all) expect(message).not.toContain(String(token))
    expect((await hostState(page)).sessionUpdates).toBe(0)
    expect(await dumpHostStorage(page)).not.toContain(String(token))
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('error (issue 8 item 1): a token copied out of the wallet origin cannot sign from Node', async () => {
    const { page, address } = await signIn(`steal-${persistent}@example.com`)
    const token = String(issuedToken(page))
    const body = { chainId: 1, method: 'personal_sign', params: ['0x68656c6c6f', address] }
    // A bare bearer token, as the frame's SESSION_UPDATE used to hand it out.
    const bare = await lab.server.post('/v1/rpc', body, token)
    expect(bare).toMatchObject({
      status: 401,
      body: { error: { name: 'InvalidDeviceProofError' } },
    })
    // The same token with a proof by a fresh key of the thief's.
    const thief = { token, key: await lab.server.createDeviceKey() }
    const forged = await lab.server.post('/v1/rpc', body, thief)
    expect(forged).toMatchObject({
      status: 401,
      body: { error: { name: 'InvalidDeviceProofError' } },
    })
    expect(await lab.server.get('/v1/user', thief)).toMatchObject({ status: 401 })
    // The frame's own session is untouched.
    expect((await sign(page, 'after-theft', address)).ok).toBe(true)
    if (persistent) {
      // The private key is non-extractable even for the wallet origin's own script.
      expect(await storedKey(walletFrame(page, lab))).toEqual({
        found: true,
        extractable: false,
        exported: 'InvalidAccessError',
      })
    }
  })

  test('error (issue 8 item 2): a planted IS_CONNECTED {token} is refused; the frame stays signed out', async () => {
    const attacker = await lab.server.login(`attacker-${persistent}@example.com`)
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    // Partitioned storage is shared by this browser's pages: start from a signed-out frame.
    expect((await hostRequest(page, 'SIGN_OUT')).ok).toBe(true)
    const replies = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'IS_CONNECTED',
      payload: { token: attacker.token },
    })
    expect(replies).toEqual([
      expect.objectContaining({
        type: 'IS_CONNECTED_ERROR',
        payload: expect.objectContaining({ message: expect.any(String) }),
      }),
    ])
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    const user = await hostRequest(page, 'GET_USER', { chainId: 1 })
    expect(user.ok).toBe(false)
  })

  test('behavior: a planted token does not replace the signed-in account (issue 8 item 2)', async () => {
    const { page, user } = await signIn(`victim-${persistent}@example.com`)
    const attacker = await lab.server.login(`attacker2-${persistent}@example.com`)
    await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'IS_CONNECTED',
      payload: { token: attacker.token },
    })
    expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toEqual(user)
  })

  test(`behavior: after a reload the device key ${persistent ? 'survives and signs' : 'is gone: a clean sign-in'}`, async () => {
    const email = `reload-key-${persistent}@example.com`
    const { page, address, user } = await signIn(email)
    await reloadHost(page)
    if (persistent) {
      expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toEqual(user)
      expect((await sign(page, 'after-reload', address)).ok).toBe(true)
      // A token whose key is gone is dropped with it: signed out, nothing half-kept.
      await deleteStoredKey(walletFrame(page, lab))
      await reloadHost(page)
      expect(await storedToken(walletFrame(page, lab))).toBeNull()
    }
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toMatchObject({
      ok: false,
      error: { message: 'Invalid session' },
    })
    // Signing in again works and binds a new key (storage blocked: a new device id too, which
    // the login code verifies: no separate device step).
    expect(await loginByEmail(page, lab.server.sink, email)).toEqual(user)
    expect((await sign(page, 'again', address)).ok).toBe(true)
    expect(browser.pageErrors()).toEqual([])
  })
})
