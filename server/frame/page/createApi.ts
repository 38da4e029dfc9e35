import { FrameReplyError } from './FrameReplyError'

/** Options of one API call. */
export type ApiCallOptions = {
  method?: 'GET' | 'POST'
  body?: unknown
  /** Session token sent as `Authorization: Bearer`. */
  token?: string | undefined
}

/** Calls the Latchkey server's `/v1` API on the frame's own origin. */
export type Api = <T = unknown>(path: string, options?: ApiCallOptions) => Promise<T>

type ErrorBody = { error?: { message?: unknown; code?: unknown } }

function readError(body: unknown): FrameReplyError {
  const error = (body as ErrorBody | null)?.error
  const message = typeof error?.message === 'string' ? error.message : 'An error occurred'
  const code = typeof error?.code === 'number' ? error.code : undefined
  return new FrameReplyError({ message, code })
}

/** The API client: same-origin fetch, JSON both ways, server errors become {@link FrameReplyError}s. */
export function createApi(): Api {
  return async <T>(path: string, options: ApiCallOptions = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let response: Response
    try {
      response = await fetch(`/v1${path}`, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch (cause) {
      throw new FrameReplyError({
        message: 'Network Error - Could not load embedded wallet',
        cause,
      })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw readError(body)
    return body as T
  }
}
