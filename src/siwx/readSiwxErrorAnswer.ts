import type { BaseError } from '../errors/base'
import { deserializeError } from '../errors/deserializeError'
import { fromErrorBody } from '../errors/fromErrorBody'
import { SiwxResponseError } from '../errors/SiwxResponseError'
import { SiwxServerError } from '../errors/SiwxServerError'
import {
  SiwxVerificationError,
  type SiwxVerificationFailure,
  siwxVerificationFailures,
} from '../errors/SiwxVerificationError'
import { siwxErrorRegistry } from '../errors/siwxErrorRegistry'
import { siwxErrorBodySchema } from './siwxSchemas'

const isVerificationFailure = (code: unknown): code is SiwxVerificationFailure =>
  (siwxVerificationFailures as readonly unknown[]).includes(code)

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The error a sign-in server's non-2xx answer stands for, keeping its class across the wire: a
 * rejected message is a `SiwxVerificationError` with the server's reason (`URI_MISMATCH`,
 * `CHAIN_NOT_ALLOWED`…), a name the sign-in registry knows that class (`SiwxNotConfiguredError`,
 * `RateLimitedError` with `retryAfter`…, with the server's sentence), any other error body a
 * `SiwxServerError` keeping the server's name, message and code; an answer without an error body
 * a `SiwxResponseError`.
 */
export function readSiwxErrorAnswer({
  endpoint,
  status,
  text,
}: {
  endpoint: string
  status: number
  text: string
}): BaseError {
  const json = parseJson(text)
  const parsed = siwxErrorBodySchema.safeParse(json)
  if (!parsed.success)
    return new SiwxResponseError({ endpoint, status, details: text.slice(0, 200) })
  const { name, message, code } = parsed.data.error
  if (name === 'SiwxVerificationError' && isVerificationFailure(code))
    return new SiwxVerificationError({
      reason: code,
      details: `The sign-in server answered ${endpoint} with HTTP ${status}: ${message}`,
    })
  return deserializeError(fromErrorBody(json), {
    registry: siwxErrorRegistry,
    fallback: () => new SiwxServerError({ name, message, code, endpoint, status }),
  })
}
