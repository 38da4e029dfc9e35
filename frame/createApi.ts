import { createDeviceProof } from '../src/deviceProof/createDeviceProof'
import {
  deviceNonceHeader,
  deviceProofHeader,
  serverTimeHeader,
} from '../src/deviceProof/deviceProofConstants'
import type { DeviceKey } from './createDeviceKeyStore'
import { FrameReplyError, readServerError } from './FrameReplyError'

/** Options of one API call. */
export type ApiCallOptions = {
  method?: 'GET' | 'POST'
  body?: unknown
  /** Session token sent as `Authorization: Bearer`, with a proof by the session's device key. */
  token?: string | undefined
  /** Signs a proof with this key (a login binding it, or a sign-out after the session forgot it). */
  key?: DeviceKey | undefined
}

/** Calls the Latchkey server's `/v1` API on the frame's own origin. */
export type Api = <T = unknown>(path: string, options?: ApiCallOptions) => Promise<T>

type ErrorBody = { error?: { name?: unknown } }

const isNonceError = (body: unknown) =>
  (body as ErrorBody | null)?.error?.name === 'DeviceProofNonceError'

/**
 * The API client: same-origin fetch, JSON both ways; a server error is thrown as its class
 * (`readServerError`), so the host gets the name it was thrown with.
 * Calls with a token (or a key) carry a `Latchkey-Proof` signed by the device key over method,
 * path, body hash, time and the server's last nonce; a 401 `DeviceProofNonceError` is retried
 * once with the nonce and clock of that answer (docs/device-proof.md).
 */
export function createApi(sessionKey: () => DeviceKey | undefined): Api {
  let nonce: string | undefined
  // The server's clock minus ours: a proof's iat is on the server's clock.
  let offsetMs = 0

  function remember(response: Response) {
    nonce = response.headers.get(deviceNonceHeader) ?? nonce
    const time = Number(response.headers.get(serverTimeHeader))
    if (Number.isSafeInteger(time) && time > 0) offsetMs = time - Date.now()
  }

  return async <T>(path: string, options: ApiCallOptions = {}) => {
    const target = new URL(`/v1${path}`, location.origin)
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const key = options.key ?? (options.token ? sessionKey() : undefined)
    const send = async () => {
      const headers: Record<string, string> = { accept: 'application/json' }
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (key)
        headers[deviceProofHeader] = await createDeviceProof({
          privateKey: key.privateKey,
          jwk: key.jwk,
          method,
          path: `${target.pathname}${target.search}`,
          body,
          nonce,
          iat: Math.floor((Date.now() + offsetMs) / 1000),
        })
      const response = await fetch(target.href, {
        method,
        headers,
        body,
        credentials: 'omit',
        cache: 'no-store',
      })
      remember(response)
      return { response, answer: (await response.json().catch(() => undefined)) as unknown }
    }
    let result: Awaited<ReturnType<typeof send>>
    try {
      result = await send()
      if (key && result.response.status === 401 && isNonceError(result.answer))
        result = await send()
    } catch (cause) {
      throw new FrameReplyError({
        message: 'Network Error - Could not load embedded wallet',
        cause,
      })
    }
    if (!result.response.ok) throw readServerError(result.answer)
    return result.answer as T
  }
}
