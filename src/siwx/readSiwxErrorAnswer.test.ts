import { describe, expect, test } from 'vitest'
import { RateLimitedError } from '../errors/RateLimitedError'
import { SiwxNotConfiguredError } from '../errors/SiwxNotConfiguredError'
import { SiwxResponseError } from '../errors/SiwxResponseError'
import { SiwxServerError } from '../errors/SiwxServerError'
import { SiwxVerificationError } from '../errors/SiwxVerificationError'
import { readSiwxErrorAnswer } from './readSiwxErrorAnswer'

const endpoint = 'POST /siwx/verify'
const answer = (status: number, body: unknown) =>
  readSiwxErrorAnswer({ endpoint, status, text: JSON.stringify(body) })

describe('readSiwxErrorAnswer', () => {
  test('default: a rejected message keeps its name and reason', () => {
    const error = answer(401, {
      error: {
        name: 'SiwxVerificationError',
        message: 'Sign-in rejected: URI_MISMATCH.',
        code: 'URI_MISMATCH',
      },
    })
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect(error).toMatchObject({ name: 'SiwxVerificationError', reason: 'URI_MISMATCH' })
    expect(error.details).toBe(
      'The sign-in server answered POST /siwx/verify with HTTP 401: Sign-in rejected: URI_MISMATCH.',
    )
  })

  test('behavior: a name the client knows comes back as its class, with the server’s sentence and fields', () => {
    const error = answer(501, {
      error: { name: 'SiwxNotConfiguredError', message: 'Sign-in is not configured.' },
    })
    expect(error).toBeInstanceOf(SiwxNotConfiguredError)
    expect(error.shortMessage).toBe('Sign-in is not configured.')
    const limited = answer(429, {
      error: {
        name: 'RateLimitedError',
        message: 'Please try again after 13 seconds',
        retryAfter: 13,
        retryAfterMs: 12_300,
      },
    })
    expect(limited).toBeInstanceOf(RateLimitedError)
    expect(limited).toMatchObject({ retryAfter: 13, retryAfterMs: 12_300 })
  })

  test('behavior: any other error body keeps the server name, message, code and status', () => {
    const error = answer(503, { error: { name: 'QuotaError', message: 'Try later.', code: 7 } })
    expect(error).toBeInstanceOf(SiwxServerError)
    expect(error).toMatchObject({
      name: 'QuotaError',
      remoteName: 'QuotaError',
      shortMessage: 'Try later.',
      status: 503,
      code: 7,
      endpoint,
    })
  })

  test('error: a reason the client does not know is not dressed up as a verification failure', () => {
    const error = answer(401, {
      error: { name: 'SiwxVerificationError', message: 'Sign-in rejected.', code: 'NEW_REASON' },
    })
    expect(error).toBeInstanceOf(SiwxServerError)
    expect(error).toMatchObject({ name: 'SiwxVerificationError', code: 'NEW_REASON' })
  })

  test('error: no error body, or a malformed one, is an unexpected response', () => {
    for (const text of [
      '',
      'Bad gateway',
      '{"error":"boom"}',
      '{"error":{"name":"<script>","message":"x"}}',
      '{"error":{"name":"X","message":""}}',
      '{"error":{"name":"X","message":"m","code":"lower case"}}',
    ]) {
      const error = readSiwxErrorAnswer({ endpoint, status: 500, text })
      expect(error).toBeInstanceOf(SiwxResponseError)
      expect((error as SiwxResponseError).status).toBe(500)
    }
  })
})
