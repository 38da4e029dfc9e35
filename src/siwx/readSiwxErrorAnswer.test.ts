import { describe, expect, test } from 'vitest'
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

  test('behavior: any other error body keeps the server name, message, code and status', () => {
    const error = answer(501, {
      error: { name: 'SiwxNotConfiguredError', message: 'Sign-in is not configured.' },
    })
    expect(error).toBeInstanceOf(SiwxServerError)
    expect(error).toMatchObject({
      name: 'SiwxNotConfiguredError',
      shortMessage: 'Sign-in is not configured.',
      status: 501,
      code: undefined,
      endpoint,
    })
    expect(
      answer(429, { error: { name: 'RateLimitedError', message: 'Slow down', code: 7 } }),
    ).toMatchObject({ name: 'RateLimitedError', code: 7 })
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
