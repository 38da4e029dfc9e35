import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, waitForView } from '../harness/page'
import { startTestServer, type TestServer } from '../harness/startTestServer'

// B6 on the real app: the playground (dapp.test) with embeddedWallet() and the frame on
// wallet.test, as a dapp ships it. After an email login and after a signature, everything the
// host origin keeps (localStorage, sessionStorage, cookies, every IndexedDB record) is dumped and
// searched for the secrets the wallet origin handles: the session tokens the server issued, the
// device proofs (JWS) and the device key, any JWT, any 32-byte hex (a private key), the server's
// master key. Only non-secret UI hints may remain.

const modes = [
  { mode: 'blocked', args: [] as string[] },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
]

const wait = { timeout: 20_000, interval: 100 }

/** The secrets the frame handled, seen on the wire as the wallet origin sends and receives them. */
type Secrets = { tokens: string[]; proofs: string[]; jwkParts: string[] }

function watchSecrets(page: Page): Secrets {
  const secrets: Secrets = { tokens: [], proofs: [], jwkParts: [] }
  page.on('request', async (request) => {
    if (!request.url().includes('/v1/')) return
    const proof = (await request.allHeaders())['latchkey-proof']
    if (!proof) return
    secrets.proofs.push(proof)
    const header = JSON.parse(Buffer.from(proof.split('.')[0] ?? '', 'base64url').toString()) as {
      jwk?: { x?: string; y?: string }
    }
    for (const part of [header.jwk?.x, header.jwk?.y]) if (part) secrets.jwkParts.push(part)
  })
  page.on('response', async (response) => {
    if (!response.url().endsWith('/v1/connect-otp') || !response.ok()) return
    const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined
    if (typeof body?.token === 'string') secrets.tokens.push(body.token)
  })
  return secrets
}

/** Everything the host origin stores, IndexedDB records included, as one JSON text. */
async function dumpHostOrigin(page: Page): Promise<{ text: string; keys: string[] }> {
  const inPage = await page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => {
          const key = storage.key(index) ?? ''
          return [key, storage.getItem(key)]
        }),
      )
    const encode = (value: unknown): unknown => {
      if (value instanceof CryptoKey)
        return { cryptoKey: value.type, extractable: value.extractable }
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        const bytes =
          value instanceof ArrayBuffer
            ? new Uint8Array(value)
            : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
        return { bytes: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') }
      }
      if (Array.isArray(value)) return value.map(encode)
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
      return value
    }
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    const databases: Record<string, unknown> = {}
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await request(indexedDB.open(name))
      const stores: Record<string, unknown> = {}
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction(store).objectStore(store)
        stores[store] = {
          keys: encode(await request(objects.getAllKeys())),
          values: encode(await request(objects.getAll())),
        }
      }
      db.close()
      databases[name] = stores
    }
    return {
      local: entries(localStorage),
      session: entries(sessionStorage),
      cookie: document.cookie,
      indexedDb: databases,
    }
  })
  const cookies = await page.context().cookies(page.url())
  const keys = [
    ...Object.keys(inPage.local).map((key) => `localStorage ${key}`),
    ...Object.keys(inPage.session).map((key) => `sessionStorage ${key}`),
    ...cookies.map((cookie) => `cookie ${cookie.name}`),
    ...Object.keys(inPage.indexedDb).map((name) => `indexedDB ${name}`),
  ]
  return { text: JSON.stringify({ ...inPage, cookies }), keys }
}

/** Fails with the first secret found in `text`. */
function expectNoSecret(text: string, secrets: Secrets, masterKey: string) {
  expect(secrets.tokens.length).toBeGreaterThan(0)
  expect(secrets.proofs.length).toBeGreaterThan(0)
  expect(secrets.jwkParts.length).toBe(2 * secrets.proofs.length)
  for (const token of secrets.tokens) expect(text).not.toContain(token)
  for (const proof of secrets.proofs) expect(text).not.toContain(proof)
  for (const part of new Set(secrets.jwkParts)) expect(text).not.toContain(part)
  expect(text).not.toContain(masterKey)
  // Any JWT or JWS (base64url JSON header), a key object, 32 bytes of hex (a private key).
  expect(text).not.toMatch(/eyJ[\w-]{8,}\.[\w-]*\.[\w-]*/)
  expect(text).not.toMatch(/cryptoKey|"kty"|"d":|refresh/i)
  expect(text).not.toMatch(/(?<![0-9a-f])(0x)?[0-9a-f]{64}(?![0-9a-f])/i)
}

describe.each(modes)('B6 host storage of the real app, third-party storage $mode', ({ args }) => {
  const playgroundUrl = inject('playgroundUrl')
  const rpcUrls = inject('rpcUrls')
  let server: TestServer
  let browser: TestBrowser
  let url: string

  beforeAll(async () => {
    server = await startTestServer({
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: rpcUrls,
      now: () => Date.now(),
    })
    const framePort = new URL(server.url).port
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    url = `${app.origin}/?${new URLSearchParams({ frame: `http://wallet.test:${framePort}/frame` })}`
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=${app.origin},http://wallet.test:${framePort}`,
        ...args,
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  test('behavior (B6): after email login and after signing, the host origin holds no token, proof, JWT or key', async () => {
    const page = await browser.newPage()
    const secrets = watchSecrets(page)
    await page.goto(url)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const email = `scan-${args.length}@example.com`
    const after = server.sink.mails.length
    await byTestId(page, 'email-input').fill(email)
    await byTestId(page, 'email-input-submit').click()
    await waitForView(page, 'EmailVerifyOtp')
    const otp = await server.sink.waitForCode(email, { after, timeoutMs: 15_000 })
    await byTestId(page, 'otp-digit-0').click()
    await page.keyboard.type(otp)
    await waitForView(page, 'Account')
    await byTestId(page, 'modal-close').click()
    await waitForView(page, undefined)

    const afterLogin = await dumpHostOrigin(page)
    expectNoSecret(afterLogin.text, secrets, server.masterKey)

    await byTestId(page, 'pg-sign').click()
    await waitForView(page, 'ApproveTransaction')
    const approve = page.frameLocator('iframe[data-latchkey-frame]').getByRole('button', {
      name: 'Approve',
    })
    await expect.poll(() => approve.isEnabled().catch(() => false), wait).toBe(true)
    await approve.click()
    await expect
      .poll(async () => (await byTestId(page, 'pg-log').textContent()) ?? '', wait)
      .toMatch(/^signed 0x[0-9a-f]{130}$/m)

    const afterSigning = await dumpHostOrigin(page)
    expectNoSecret(afterSigning.text, secrets, server.masterKey)
    // What remains are UI hints of wagmi and the modal, named as such.
    for (const key of afterSigning.keys)
      expect(key).toMatch(/^localStorage (wagmi\.|latchkey\.)|^indexedDB WALLET_CONNECT/)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})
