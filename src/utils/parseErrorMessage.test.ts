import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { BaseError } from '../errors/base'
import { SwitchNetworkFailedError } from '../errors/SwitchNetworkFailedError'
import { parseErrorMessage } from './parseErrorMessage'

describe('parseErrorMessage', () => {
  test('behavior: a string stays as is', () => {
    expect(parseErrorMessage('Signature declined')).toBe('Signature declined')
    expect(parseErrorMessage('')).toBe('')
  })

  test('behavior: a zod error gives its first issue message', () => {
    const result = z.object({ email: z.email('Invalid email'), otp: z.string() }).safeParse({
      email: 'nope',
    })
    expect(result.success).toBe(false)
    expect(parseErrorMessage(result.error)).toBe('Invalid email')
  })

  test('behavior: a BaseError gives its short message', () => {
    expect(parseErrorMessage(new SwitchNetworkFailedError({ cause: new Error('boom') }))).toBe(
      'Switch network failed',
    )
    expect(parseErrorMessage(new UserRejectedRequestError(new Error('x')))).toBe(
      'User rejected the request.',
    )
  })

  test('behavior: an error gives its message', () => {
    expect(parseErrorMessage(new Error('Request was aborted'))).toBe('Request was aborted')
    expect(parseErrorMessage({ code: 4001, message: 'User rejected the request.' })).toBe(
      'User rejected the request.',
    )
  })

  test('behavior: anything else is Unknown error', () => {
    for (const value of [undefined, null, 0, 42, true, {}, [], new Error(''), new BaseError('')]) {
      expect(parseErrorMessage(value)).toBe('Unknown error')
    }
    expect(parseErrorMessage({ message: 5 })).toBe('Unknown error')
    expect(parseErrorMessage({ issues: [] })).toBe('Unknown error')
  })
})
