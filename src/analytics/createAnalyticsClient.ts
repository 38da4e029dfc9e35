import { OriginNotAllowedError } from '../errors/OriginNotAllowedError'
import { version } from '../version'
import type { AnalyticsEvent, AnalyticsPropertyValue } from './analyticsEvents'
import { randomEventId } from './randomEventId'

/** How long the config call or one event may take, in ms. */
export const analyticsTimeoutMs = 10_000

/** Longest string property sent; longer ones (an error message) are cut. */
const maxPropertyLength = 256

/** The page an event comes from: its address and host. */
export interface AnalyticsPage {
  href: string
  host: string
}

/** Whether an event went out: `sent` (the endpoint took it), `skipped` (not sent), `failed`. */
export type AnalyticsSendResult = 'sent' | 'skipped' | 'failed'

/** Parameters of {@link createAnalyticsClient}. */
export interface CreateAnalyticsClientParameters {
  /** Base URL of the endpoint the host configured (`latchkey serve`'s, or a compatible one). */
  url: string
  projectId?: string | undefined
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** The host's switch (`features.analytics`); false: nothing is asked or sent. @default true */
  enabled?: boolean | undefined
  /** The page events come from; undefined outside a browser. @default the browser's `location` */
  page?: (() => AnalyticsPage | undefined) | undefined
  /** Called once, on the first 403: the page's origin is not on the project's allowlist. */
  onNotAllowed?: ((error: OriginNotAllowedError) => void) | undefined
  /** @default analyticsTimeoutMs */
  timeoutMs?: number | undefined
}

/** What {@link createAnalyticsClient} returns. */
export interface AnalyticsClient {
  /** Sends one event; never throws or rejects (a failure only resolves `failed`). */
  send(event: AnalyticsEvent): Promise<AnalyticsSendResult>
  /** `unknown` until the config call answered, then `on`, or `off` for good. */
  readonly status: 'unknown' | 'on' | 'off'
}

function browserPage(): AnalyticsPage | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined
  const { href, host } = window.location
  return { href, host }
}

function toProps(event: AnalyticsEvent): Record<string, unknown> {
  const properties: Record<string, AnalyticsPropertyValue> = {}
  for (const [key, value] of Object.entries(event.properties ?? {})) {
    if (value === undefined) continue
    properties[key] =
      typeof value === 'string' && value.length > maxPropertyLength
        ? value.slice(0, maxPropertyLength)
        : value
  }
  return {
    type: 'track',
    event: event.event,
    properties,
    ...(event.address ? { address: event.address } : {}),
  }
}

/**
 * The analytics client (SPEC §7): `POST {url}/e?projectId&st&sv` with `{ eventId, url, domain,
 * timestamp, props }`, props being the event's data plus the address. It reads
 * `GET {url}/getAnalyticsConfig` once, before the first event, and is off for good when that call
 * fails or says disabled, or on the first 403 (then `onNotAllowed` runs once: the allowlist
 * alert). `MODAL_CREATED`, a call outside a browser, or `enabled: false` send nothing. Events go as
 * `text/plain` (no CORS preflight) with `keepalive` (a closing tab still sends them).
 * @example
 * const analytics = createAnalyticsClient({ url: 'https://latchkey.example.com', projectId })
 * analytics.send({ event: 'MODAL_OPEN', properties: { connected: false } })
 */
export function createAnalyticsClient(
  parameters: CreateAnalyticsClientParameters,
): AnalyticsClient {
  const base = parameters.url.replace(/\/+$/, '')
  const timeoutMs = parameters.timeoutMs ?? analyticsTimeoutMs
  const readPage = parameters.page ?? browserPage
  let status: AnalyticsClient['status'] = parameters.enabled === false ? 'off' : 'unknown'
  let config: Promise<boolean> | undefined

  function query(path: string): string {
    const search = new URLSearchParams()
    if (parameters.projectId) search.set('projectId', parameters.projectId)
    search.set('st', 'latchkey')
    search.set('sv', version)
    return `${base}${path}?${search}`
  }

  const request = (url: string, init: RequestInit) =>
    (parameters.fetch ?? globalThis.fetch)(url, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
    })

  async function readConfig(): Promise<boolean> {
    try {
      const response = await request(query('/getAnalyticsConfig'), {
        headers: { accept: 'application/json' },
      })
      if (!response.ok) return false
      const body: unknown = await response.json()
      return (
        typeof body === 'object' &&
        body !== null &&
        (body as { isAnalyticsEnabled?: unknown }).isAnalyticsEnabled === true
      )
    } catch {
      return false
    }
  }

  function turnOff() {
    status = 'off'
  }

  // read through a call: another event's answer may turn it off while this one awaits
  const isOff = () => status === 'off'

  async function post(event: AnalyticsEvent, page: AnalyticsPage): Promise<AnalyticsSendResult> {
    const body = JSON.stringify({
      eventId: randomEventId(),
      url: page.href,
      domain: page.host,
      timestamp: Date.now(),
      props: toProps(event),
    })
    let response: Response
    try {
      response = await request(query('/e'), {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
        keepalive: true,
      })
    } catch {
      return 'failed'
    }
    if (response.status === 403) {
      if (isOff()) return 'failed'
      turnOff()
      try {
        parameters.onNotAllowed?.(new OriginNotAllowedError({ origin: new URL(page.href).origin }))
      } catch {
        // the host's callback must not break the modal
      }
      return 'failed'
    }
    return response.ok ? 'sent' : 'failed'
  }

  async function send(event: AnalyticsEvent): Promise<AnalyticsSendResult> {
    try {
      if (isOff() || event.event === 'MODAL_CREATED') return 'skipped'
      const page = readPage()
      if (!page) return 'skipped'
      config ??= readConfig().then((enabled) => {
        if (status === 'unknown') status = enabled ? 'on' : 'off'
        return enabled
      })
      if (!(await config) || isOff()) return 'skipped'
      return await post(event, page)
    } catch {
      return 'failed'
    }
  }

  return {
    send,
    get status() {
      return status
    },
  }
}
