import type { FrameLocator, Page } from 'playwright-core'
import type { SmtpSink } from '../harness/createSmtpSink'

/** What a host-page request gives back (see frameHostEntry.ts). */
export type Outcome =
  | { ok: true; value: unknown }
  | {
      ok: false
      error: { name: string; message: string; code?: number; details?: Record<string, unknown> }
    }

type HostWindow = {
  lkHost: {
    client: {
      isReady: boolean
      iframe?: HTMLIFrameElement
      stats: Record<string, number>
      pendingCount: number
    }
    approvals: { type: string; id: string; popup?: string }[]
    sessionUpdates: number
    messages(): string[]
    raw(message: Record<string, unknown>, waitMs?: number): Promise<unknown[]>
    request(type: string, payload?: unknown): Promise<Outcome>
    start(key: string, type: string, payload?: unknown, options?: { timeout?: number }): void
    result(key: string): Outcome | undefined
    settledAt(key: string): number | undefined
  }
}

/** The frame inside the host page. */
export const frameOf = (page: Page): FrameLocator =>
  page.frameLocator('iframe[data-latchkey-frame]')

const issued = new WeakMap<Page, string[]>()

/**
 * Records the session tokens the server hands this page's frame (connect-otp answers, read from
 * the network as the wallet origin receives them): what a leak would look like.
 */
function watchIssuedTokens(page: Page) {
  if (issued.has(page)) return
  const tokens: string[] = []
  issued.set(page, tokens)
  page.on('response', async (response) => {
    if (!response.url().endsWith('/v1/connect-otp') || !response.ok()) return
    const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined
    if (typeof body?.token === 'string') tokens.push(body.token)
  })
}

/** Opens the host page and waits for the frame's READY. */
export async function openHost(page: Page, url: string): Promise<void> {
  watchIssuedTokens(page)
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as HostWindow).lkHost?.client.isReady)
}

/** Sends one request through the host's FrameClient and waits for its outcome. */
export function hostRequest(page: Page, type: string, payload?: unknown): Promise<Outcome> {
  return page.evaluate(
    ([type, payload]) => (window as unknown as HostWindow).lkHost.request(type as string, payload),
    [type, payload] as const,
  )
}

/** Starts a request without waiting for it (`options.timeout`: its own deadline). */
export function startRequest(
  page: Page,
  key: string,
  type: string,
  payload?: unknown,
  options?: { timeout?: number },
) {
  return page.evaluate(
    ([key, type, payload, options]) =>
      (window as unknown as HostWindow).lkHost.start(
        key as string,
        type as string,
        payload,
        options as { timeout?: number } | undefined,
      ),
    [key, type, payload, options] as const,
  )
}

/** A started request's outcome, or undefined while it is pending. */
export function requestResult(page: Page, key: string): Promise<Outcome | undefined> {
  return page.evaluate((key) => (window as unknown as HostWindow).lkHost.result(key), key)
}

/** Waits for a started request to settle. */
export async function waitForResult(page: Page, key: string): Promise<Outcome> {
  const handle = await page.waitForFunction(
    (key) => (window as unknown as HostWindow).lkHost.result(key),
    key,
  )
  return (await handle.jsonValue()) as Outcome
}

/** When a started request settled in the host page, in epoch ms (`performance` time). */
export function settledAt(page: Page, key: string): Promise<number | undefined> {
  return page.evaluate((key) => (window as unknown as HostWindow).lkHost.settledAt(key), key)
}

/** Reads the host's counters and approval events. */
export function hostState(page: Page) {
  return page.evaluate(() => {
    const { lkHost } = window as unknown as HostWindow
    return {
      stats: lkHost.client.stats,
      approvals: [...lkHost.approvals],
      sessionUpdates: lkHost.sessionUpdates,
      frameDisplay: lkHost.client.iframe?.style.display,
    }
  })
}

/** The last session token the server issued to this page's frame (see {@link openHost}). */
export function issuedToken(page: Page): string | undefined {
  return issued.get(page)?.at(-1)
}

/** Every message the frame posted to the host page, as JSON text. */
export function frameMessages(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as HostWindow).lkHost.messages())
}

/** Waits for the frame to ask for approval; returns the request id it names. */
export async function waitForApproval(page: Page, count = 1): Promise<string> {
  const handle = await page.waitForFunction((count) => {
    const { approvals } = (window as unknown as HostWindow).lkHost
    const requested = approvals.filter(
      (event) => event.type === 'APPROVAL_REQUESTED' && event.popup === undefined,
    )
    return requested.length >= count ? requested[count - 1]?.id : undefined
  }, count)
  return (await handle.jsonValue()) as string
}

/**
 * Starts `type` under `key` and waits for the frame to ask for approval for it (its screen
 * shows): the approvals asked so far are counted first, so a page may open several screens.
 */
export async function startScreen(page: Page, key: string, type: string, payload?: unknown) {
  const shown = await page.evaluate(
    () =>
      (window as unknown as HostWindow).lkHost.approvals.filter(
        (event) => event.type === 'APPROVAL_REQUESTED' && event.popup === undefined,
      ).length,
  )
  await startRequest(page, key, type, payload)
  return waitForApproval(page, shown + 1)
}

/** Email login through the frame: connect email, the code from the SMTP sink, connect OTP, get user. */
export async function loginByEmail(page: Page, sink: SmtpSink, email: string) {
  const after = sink.mails.length
  const connect = await hostRequest(page, 'CONNECT_EMAIL', { email })
  if (!connect.ok) return connect
  const otp = await sink.waitForCode(email, { after })
  const verified = await hostRequest(page, 'CONNECT_OTP', { otp })
  if (!verified.ok) return verified
  return hostRequest(page, 'GET_USER', { chainId: 1 })
}

/** Posts a hand-made message from the host to the frame; resolves with the replies naming its id. */
export function rawToFrame(page: Page, message: Record<string, unknown>, waitMs = 1_000) {
  return page.evaluate(
    ([message, waitMs]) =>
      (window as unknown as HostWindow).lkHost.raw(
        message as Record<string, unknown>,
        waitMs as number,
      ),
    [message, waitMs] as const,
  )
}

/** Everything the host origin keeps: localStorage, sessionStorage, cookies and IndexedDB names. */
export async function dumpHostStorage(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const entries = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => {
          const key = storage.key(index) ?? ''
          return [key, storage.getItem(key)]
        }),
      )
    const databases = (await indexedDB.databases?.()) ?? []
    return {
      local: entries(localStorage),
      session: entries(sessionStorage),
      cookie: document.cookie,
      indexedDb: databases.map((database) => database.name),
    }
  })
  const cookies = await page.context().cookies(page.url())
  return JSON.stringify({ ...inPage, cookies })
}
