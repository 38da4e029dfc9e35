import { getInternalError, getSdkError } from '@walletconnect/utils'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { WalletConnectRequestExpiredError } from '../../src/errors/WalletConnectRequestExpiredError'
import { isRejected, isSessionAlreadyEnded, isSessionGone } from './classifyWalletConnectError'

// The SDK's own error shapes (from @walletconnect/utils, as sign-client builds them), not copies.

describe('isRejected', () => {
  test('default: a 4001 anywhere in the chain is a rejection', () => {
    expect(isRejected(new UserRejectedRequestError(new Error('User rejected the request.')))).toBe(
      true,
    )
    expect(isRejected({ code: 4001, message: 'User rejected the request.' })).toBe(true)
    expect(isRejected(new Error('wrapped', { cause: { code: 4001 } }))).toBe(true)
  })

  test('behavior: the SDK declining a proposal, with or without a code', () => {
    expect(isRejected(getSdkError('USER_REJECTED'))).toBe(true)
    expect(isRejected(new Error('User rejected methods.'))).toBe(true)
    expect(isRejected(new Error('Connection request reset. Please try again.'))).toBe(true)
  })

  test('behavior: other failures are not rejections', () => {
    expect(
      isRejected(getInternalError('NO_MATCHING_KEY', "session topic doesn't exist: abc")),
    ).toBe(false)
    expect(isRejected({ code: 4902, message: 'Unrecognized chain ID "0x38".' })).toBe(false)
    expect(
      isRejected(
        new WalletConnectRequestExpiredError({ method: 'eth_sendTransaction', timeout: 1 }),
      ),
    ).toBe(false)
    for (const value of [undefined, null, 'User rejected', 4001, {}])
      expect(isRejected(value)).toBe(false)
  })
})

describe('isSessionAlreadyEnded', () => {
  test('default: a topic the sign client no longer has', () => {
    expect(
      isSessionAlreadyEnded(
        getInternalError('NO_MATCHING_KEY', "session topic doesn't exist: abc"),
      ),
    ).toBe(true)
    expect(isSessionAlreadyEnded(getInternalError('EXPIRED', 'session topic: abc'))).toBe(true)
    expect(
      isSessionAlreadyEnded(
        getInternalError('MISSING_OR_INVALID', 'Record was recently deleted - session: abc'),
      ),
    ).toBe(true)
  })

  test('behavior: the provider was never connected', () => {
    expect(isSessionAlreadyEnded(new Error('Please call connect() before request()'))).toBe(true)
  })

  test('error: a live failure is not taken for an ended session', () => {
    expect(isSessionAlreadyEnded(getSdkError('USER_REJECTED'))).toBe(false)
    expect(isSessionAlreadyEnded(new Error('WebSocket connection closed abnormally'))).toBe(false)
    for (const value of [undefined, null, 'No matching key', {}])
      expect(isSessionAlreadyEnded(value)).toBe(false)
  })
})

describe('isSessionGone', () => {
  test('default: a request for a topic sign-client deleted, lost or saw expire', () => {
    expect(
      isSessionGone(getInternalError('NO_MATCHING_KEY', "session topic doesn't exist: abc")),
    ).toBe(true)
    expect(
      isSessionGone(
        getInternalError('MISSING_OR_INVALID', 'Record was recently deleted - session: abc'),
      ),
    ).toBe(true)
    expect(isSessionGone(getInternalError('EXPIRED', 'session topic: abc'))).toBe(true)
  })

  test('error: the wallet declining, a deadline or a dropped socket is not a gone session', () => {
    expect(isSessionGone(getSdkError('USER_REJECTED'))).toBe(false)
    expect(isSessionGone(new Error('Request expired. Please try again.'))).toBe(false)
    expect(isSessionGone(new Error('WebSocket connection closed abnormally'))).toBe(false)
    for (const value of [undefined, null, 'No matching key', {}])
      expect(isSessionGone(value)).toBe(false)
  })
})
