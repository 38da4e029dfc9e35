import type * as z from 'zod/mini'
import { SiwxResponseError } from '../errors/SiwxResponseError'
import { createSiwxMessage } from './createSiwxMessage'
import { parseSiwxMessage } from './parseSiwxMessage'
import { readSiwxErrorAnswer } from './readSiwxErrorAnswer'
import type { SiwxAdapter } from './SiwxAdapter'
import {
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
  siwxVerifyResponseSchema,
} from './siwxSchemas'
import { getSiwxSessions } from './siwxSessions'

/** Parameters of {@link createServerSiwxAdapter}. */
export type CreateServerSiwxAdapterParameters = {
  /** Base URL of the Latchkey server (or any server with the same endpoints), e.g. `https://auth.example.com`. */
  baseUrl: string
  /**
   * How the session travels: an HTTP-only cookie (`'include'`), or a bearer token the verify
   * endpoint returns, kept in memory only (never in page storage).
   * @default 'include'
   */
  credentials?: 'include' | 'bearer' | undefined
  /** One-line statement shown in the message. */
  statement?: string | undefined
  /**
   * How long a session lasts, in milliseconds (the server may shorten it).
   * @default 86_400_000 (24 hours)
   */
  expiresIn?: number | undefined
  /** @default () => ({ domain: location.host, uri: location.href }) */
  getOrigin?: (() => { domain: string; uri: string }) | undefined
  /** @default false */
  required?: boolean | undefined
  /** @default true */
  signOutOnDisconnect?: boolean | undefined
  /**
   * Per-request time limit in milliseconds.
   * @default 10_000
   */
  timeout?: number | undefined
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined
}

function defaultOrigin() {
  const location = (globalThis as { location?: { host: string; href: string } }).location
  return { domain: location?.host ?? '', uri: location?.href ?? '' }
}

/**
 * A sign-in adapter backed by a server: `GET {baseUrl}/siwx/nonce`, `POST /siwx/verify`
 * `{ message, signature }`, `GET /siwx/session`, `POST /siwx/signout`. The server is the
 * authority (nonces, verification, sessions); every response is zod-parsed. An error answer
 * keeps the server's name, message and code (`SiwxVerificationError` with `reason`
 * `URI_MISMATCH`, `CHAIN_NOT_ALLOWED`…, else `SiwxServerError`); anything unexpected throws
 * `SiwxResponseError`.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function createServerSiwxAdapter(
  parameters: CreateServerSiwxAdapterParameters,
): SiwxAdapter {
  const {
    credentials = 'include',
    expiresIn = 86_400_000,
    getOrigin = defaultOrigin,
    required = false,
    signOutOnDisconnect = true,
    statement,
    timeout = 10_000,
  } = parameters
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  let token: string | undefined

  async function request<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S | undefined,
    body?: unknown,
  ): Promise<z.output<S>> {
    const endpoint = `${method} ${path}`
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (credentials === 'bearer' && token) headers.authorization = `Bearer ${token}`
    let response: Response
    try {
      response = await (parameters.fetch ?? globalThis.fetch)(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: credentials === 'include' ? 'include' : 'omit',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeout),
      })
    } catch (cause) {
      throw new SiwxResponseError({ endpoint, cause })
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '')
      throw readSiwxErrorAnswer({ endpoint, status: response.status, text })
    }
    if (!schema) return undefined as z.output<S>
    let json: unknown
    try {
      json = await response.json()
    } catch (cause) {
      throw new SiwxResponseError({ endpoint, status: response.status, cause })
    }
    const result = schema.safeParse(json)
    if (!result.success)
      throw new SiwxResponseError({ endpoint, status: response.status, cause: result.error })
    return result.data
  }

  async function currentSessions() {
    const { session } = await request('GET', '/siwx/session', siwxSessionResponseSchema)
    return session ? [session] : []
  }

  const adapter: SiwxAdapter = {
    async getNonce() {
      return (await request('GET', '/siwx/nonce', siwxNonceResponseSchema)).nonce
    },
    async createMessage(input) {
      const { domain, uri } = getOrigin()
      const time = Date.now()
      const message = createSiwxMessage({
        accountAddress: input.address,
        chainId: input.chainId,
        domain,
        uri,
        version: '1',
        nonce: await adapter.getNonce(input),
        issuedAt: new Date(time).toISOString(),
        expirationTime: new Date(time + expiresIn).toISOString(),
        ...(statement ? { statement } : {}),
      })
      return { data: parseSiwxMessage(message), message }
    },
    async addSession(session) {
      const result = await request('POST', '/siwx/verify', siwxVerifyResponseSchema, {
        message: session.message,
        signature: session.signature,
      })
      if (result.session.message !== session.message)
        throw new SiwxResponseError({
          endpoint: 'POST /siwx/verify',
          details: 'The server returned a session for another message.',
        })
      if (credentials === 'bearer') token = result.token
    },
    async getSessions(chainId, address) {
      if (credentials === 'bearer' && !token) return []
      return getSiwxSessions(await currentSessions(), { chainId, address })
    },
    async revokeSession(chainId, address) {
      const sessions = credentials === 'bearer' && !token ? [] : await currentSessions()
      if (getSiwxSessions(sessions, { chainId, address }).length === 0) return
      await request('POST', '/siwx/signout', undefined, {})
      token = undefined
    },
    async setSessions(sessions) {
      if (credentials !== 'bearer' || token) await request('POST', '/siwx/signout', undefined, {})
      token = undefined
      // The server re-verifies each; a session whose nonce it has consumed is refused there.
      for (const session of sessions) await adapter.addSession(session)
    },
    getRequired: () => required,
    signOutOnDisconnect,
  }
  return adapter
}
