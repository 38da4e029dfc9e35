import type { Frame, Page } from 'playwright-core'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { expect } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  frameOf,
  loginByEmail,
  openHost,
  startRequest,
  startScreen,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// What the sealed-wallet e2e files share (frameSealed, frameSealedSigning, frameSealedDevices): the
// recovery password, the wallet frame and its device share, the server calls a page makes, the
// frame's buttons, and what the host page hears.

export const password = 'correct horse battery staple'
export const wait = { timeout: 15_000 }

/** Anvil's dev account 1: where the sealed wallets' transactions send to. */
export const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** EIP-712 typed data a sealed wallet signs (eth_signTypedData_v4). */
export const typedData = {
  domain: { name: 'Latchkey', version: '1', chainId: 1 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: recipient, contents: 'sealed hello' },
} as const

/** Every message event the host page's window got, from any origin, as its scripts see them. */
export function recordHostMessages(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { seenMessages: seen })
    window.addEventListener('message', (event) => {
      let data: string
      try {
        data = JSON.stringify(event.data)
      } catch {
        data = String(event.data)
      }
      seen.push(`${event.origin} ${data}`)
    })
  })
}

/** What {@link recordHostMessages} recorded in the page. */
export const hostMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages)

/**
 * The wallet frame (wallet.test, or `frameUrl`: the same-site one) inside the host page: its own
 * origin's context.
 */
export function walletFrame(page: Page, lab: FrameLab, frameUrl = lab.frameUrl): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(frameUrl))
  if (!frame) throw new TypeError('no wallet frame in the host page')
  return frame
}

/**
 * The device share as the frame keeps it, read in the frame's own context (the wallet origin's
 * IndexedDB, decrypted with its non-extractable key); `alter` re-wraps altered bytes in its place.
 */
export function deviceShare(frame: Frame, address: string, alter?: 'bytes' | 'ciphertext') {
  return frame.evaluate(
    async ([address, alter]) => {
      const id = address.toLowerCase()
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('latchkey-frame-shares')
        opening.onsuccess = () => resolve(opening.result)
        opening.onerror = () => reject(opening.error)
      })
      const run = <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          const request = use(db.transaction('shares', mode).objectStore('shares'))
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const record = (await run('readonly', (store) => store.get(id))) as
        | { key: CryptoKey; iv: Uint8Array; ciphertext: ArrayBuffer; version: number }
        | undefined
      if (!record) return null
      const additionalData = new TextEncoder().encode(
        `latchkey-device-share\n${id}\n${record.version}`,
      )
      const plain = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: record.iv as Uint8Array<ArrayBuffer>, additionalData },
          record.key,
          record.ciphertext,
        ),
      )
      if (alter === 'bytes') {
        // Another share of the right shape: the last byte is Shamir's x, the rest its y.
        const altered = plain.slice()
        altered[0] = (altered[0] ?? 0) ^ 0x01
        const iv = crypto.getRandomValues(new Uint8Array(12))
        const ciphertext = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData },
          record.key,
          altered,
        )
        await run('readwrite', (store) => store.put({ ...record, iv, ciphertext }, id))
      }
      if (alter === 'ciphertext') {
        const ciphertext = new Uint8Array(record.ciphertext.slice(0))
        ciphertext[0] = (ciphertext[0] ?? 0) ^ 0x01
        await run('readwrite', (store) =>
          store.put({ ...record, ciphertext: ciphertext.buffer }, id),
        )
      }
      db.close()
      return Array.from(plain)
    },
    [address, alter] as const,
  )
}

/** Every request the page's frame makes to the server's signing and broadcast endpoints. */
export function watchServer(page: Page) {
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (
      /^\/v1\/(rpc|rpc\/sealed\/send|sealed-wallet\/shares|solana\/rpc|solana\/sealed\/send)$/.test(
        pathname,
      )
    )
      calls.push(pathname)
  })
  return calls
}

export async function approve(page: Page) {
  const button = frameOf(page).getByRole('button', { name: 'Approve' })
  await expect.poll(() => button.isEnabled(), wait).toBe(true)
  await button.click()
}

/** The first approval of a new sealed wallet: its recovery password, typed twice. */
export async function setPassword(page: Page, value = password) {
  const frame = frameOf(page)
  await frame.getByLabel('Recovery password', { exact: true }).fill(value)
  await frame.getByLabel('Type it again', { exact: true }).fill(value)
  await frame.getByRole('button', { name: 'Set password' }).click()
}

/** Partitioned third-party storage (Chrome stable's default): the frame's IndexedDB persists. */
export const partitioned = ['--disable-features=TrackingProtection3pcd']

/**
 * A new page of `browser` on the lab's host, signed in by email as `<name>@example.com`;
 * `prepare` runs on the page before it opens (an init script). `calls`: see {@link watchServer}.
 * `hostUrl`: another host of the lab (the same-site one).
 */
export async function signedIn(
  browser: TestBrowser,
  lab: FrameLab,
  name: string,
  prepare?: (page: Page) => Promise<unknown>,
  hostUrl = lab.hostUrl,
) {
  const page = await browser.newPage()
  await prepare?.(page)
  const calls = watchServer(page)
  await openHost(page, hostUrl)
  const email = `${name}@example.com`
  const user = await loginByEmail(page, lab.server.sink, email)
  expect(user.ok).toBe(true)
  const address = (user as { value: { address: `0x${string}` } }).value.address
  return { page, email, address, calls }
}

/** A personal_sign through the host page; `first`: the recovery password comes first. */
export async function personalSign(
  page: Page,
  address: string,
  key: string,
  text: string,
  first: boolean,
) {
  await startRequest(page, key, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(text)), address],
  })
  await waitForApproval(page)
  if (first) await setPassword(page)
  await approve(page)
  return waitForResult(page, key)
}

/**
 * The three-site lab with a `custody: 'sealed'` server on anvil's chains, and a Chromium with
 * partitioned third-party storage (where the frame's IndexedDB persists across a reload).
 */
export async function startSealedLab(
  chains: Record<string, string>,
  /** `blocked`: Chromium's default here, where a cross-site frame gets no storage at all. */
  storage: 'partitioned' | 'blocked' = 'partitioned',
  /** More server options, and passkeys for the wallet origin. */
  more: {
    server?: NonNullable<Parameters<typeof startFrameLab>[0]>['server']
    passkeys?: boolean | 'same-site'
  } = {},
) {
  const lab = await startFrameLab({
    chains,
    server: { custody: 'sealed', ...more.server },
    sameSite: true,
    ...(more.passkeys ? { passkeys: more.passkeys } : {}),
  })
  const args = [...lab.browserArgs, ...(storage === 'partitioned' ? partitioned : [])]
  const browser = await launchBrowser({ wallet: false, args })
  return {
    lab,
    browser,
    async close() {
      await browser.close()
      await lab.close()
    },
  }
}

/**
 * A personal_sign through the host page that must verify against `address`; `before` runs on the
 * frame's first screen, before the approval (a password or passkey to unlock).
 */
export async function signs(page: Page, address: Hex, text: string, before?: () => Promise<void>) {
  await startScreen(page, text, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(text)), address],
  })
  await before?.()
  await approve(page)
  const signed = await waitForResult(page, text)
  expect(signed.ok).toBe(true)
  const signature = (signed as { value: { result: Hex } }).value.result
  expect(await verifyMessage({ address, message: text, signature })).toBe(true)
}

/** The view of the first screen the frame shows for a request (an unlock or the approval). */
export const firstView = (page: Page) =>
  expect.poll(
    () =>
      frameOf(page)
        .locator('[data-view]')
        .first()
        .getAttribute('data-view', { timeout: 1_000 })
        .catch(() => null),
    wait,
  )

/** Types the recovery password on the frame's unlock screen. */
export async function unlockWithPassword(page: Page) {
  await firstView(page).toBe('EnterRecoveryPassword')
  const frame = frameOf(page)
  await frame.getByLabel('Recovery password', { exact: true }).fill(password)
  await frame.getByRole('button', { name: 'Unlock' }).click()
}

/**
 * The page as a new device for the wallet origin: everything the frame keeps (its device key,
 * session and shares in IndexedDB and localStorage) is deleted in the frame's own context, then
 * the host opens again. Blocked third-party storage keeps nothing anyway.
 */
export async function forgetDevice(page: Page, frame: Frame, hostUrl: string) {
  await frame.evaluate(async () => {
    localStorage.clear()
    for (const { name } of await indexedDB.databases())
      if (name)
        await new Promise((done) => {
          const deleting = indexedDB.deleteDatabase(name)
          deleting.onsuccess = deleting.onerror = deleting.onblocked = done
        })
  })
  await openHost(page, hostUrl)
}
