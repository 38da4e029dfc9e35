import { describe, expect, test } from 'vitest'
import { BroadcastUncertainError } from '../errors/BroadcastUncertainError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { InvalidErrorPayloadError } from '../errors/InvalidErrorPayloadError'
import { InvalidOtpError } from '../errors/InvalidOtpError'
import { OtpExpiredError } from '../errors/OtpExpiredError'
import { decodeFrameError } from './decodeFrameError'

const hash = `0x${'cd'.repeat(32)}`

describe('decodeFrameError', () => {
  test('default: a server error the frame passes on arrives as its class', () => {
    const wrong = decodeFrameError(
      { name: 'InvalidOtpError', message: 'Invalid code', details: { attemptsLeft: 2 } },
      'CONNECT_OTP',
    )
    expect(wrong).toBeInstanceOf(InvalidOtpError)
    expect(wrong).toMatchObject({ attemptsLeft: 2, shortMessage: 'Invalid code' })
    const expired = decodeFrameError(
      { name: 'OtpExpiredError', message: 'The code has expired. Please request a new one.' },
      'CONNECT_OTP',
    )
    expect(expired).toBeInstanceOf(OtpExpiredError)
    const uncertain = decodeFrameError(
      {
        name: 'BroadcastUncertainError',
        message: 'The transaction may have been sent; check its hash before sending again',
        details: { hash, nonce: 3, mayHaveBeenSent: true },
      },
      'RPC_REQUEST',
    )
    expect(uncertain).toBeInstanceOf(BroadcastUncertainError)
    expect(uncertain).toMatchObject({ hash, nonce: 3, mayHaveBeenSent: true })
  })

  test('behavior: the frame’s own refusals and unknown names are FrameRequestErrors keeping the name', () => {
    const rejected = decodeFrameError(
      { name: 'FrameReplyError', message: 'User rejected the request.', code: 4001 },
      'RPC_REQUEST',
    )
    expect(rejected).toBeInstanceOf(FrameRequestError)
    expect(rejected).toMatchObject({
      code: 4001,
      remoteName: 'FrameReplyError',
      type: 'RPC_REQUEST',
      shortMessage: 'User rejected the request.',
    })
    expect(decodeFrameError({ name: 'QuantumError', message: 'New' }, 'GET_USER')).toMatchObject({
      name: 'FrameRequestError',
      remoteName: 'QuantumError',
    })
  })

  test('behavior: an older frame without names, or without a message (SPEC §8)', () => {
    expect(decodeFrameError({ message: 'Nope', code: 4100 }, 'GET_USER')).toMatchObject({
      name: 'FrameRequestError',
      code: 4100,
      shortMessage: 'Nope',
      remoteName: undefined,
    })
    expect(decodeFrameError({}, 'GET_USER').shortMessage).toBe('An error occurred')
    expect(decodeFrameError({ name: 'InvalidSessionError' }, 'GET_USER').shortMessage).toBe(
      'An error occurred',
    )
  })

  test('error: an unreadable payload is an InvalidErrorPayloadError', () => {
    const error = decodeFrameError(
      { name: 'InvalidOtpError', message: 'x', details: { a: 'x'.repeat(300) } },
      'CONNECT_OTP',
    )
    expect(error).toBeInstanceOf(InvalidErrorPayloadError)
  })
})
