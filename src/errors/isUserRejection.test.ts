import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { BaseError } from './base'
import { FrameRequestError } from './FrameRequestError'
import { isUserRejection } from './isUserRejection'

describe('isUserRejection', () => {
  test('default: 4001, 5000 (SPEC §8) and viem’s UserRejectedRequestError', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection({ code: 5000 })).toBe(true)
    expect(isUserRejection(new UserRejectedRequestError(new Error('no')))).toBe(true)
    expect(
      isUserRejection(new FrameRequestError({ message: 'User rejected', code: 4001, type: 'X' })),
    ).toBe(true)
  })

  test('behavior: the first code in the cause chain decides', () => {
    expect(isUserRejection(new BaseError('wrapped', { cause: { code: 4001 } }))).toBe(true)
    expect(isUserRejection({ code: -32603, cause: { code: 4001 } })).toBe(false)
  })

  test('error: anything else is not a rejection', () => {
    for (const error of [undefined, null, 'rejected', { code: 4100 }, new Error('User rejected')])
      expect(isUserRejection(error)).toBe(false)
  })
})
