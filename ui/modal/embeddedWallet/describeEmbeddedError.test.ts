import { describe, expect, test } from 'vitest'
import { BaseError } from '../../../src/errors/base'
import { EmailLoginCooldownError } from '../../../src/errors/EmailLoginCooldownError'
import { FrameLoadError } from '../../../src/errors/FrameLoadError'
import { FrameRequestError } from '../../../src/errors/FrameRequestError'
import { FrameTimeoutError } from '../../../src/errors/FrameTimeoutError'
import { InvalidOtpError } from '../../../src/errors/InvalidOtpError'
import { InvalidSessionError } from '../../../src/errors/InvalidSessionError'
import { OriginNotAllowedError } from '../../../src/errors/OriginNotAllowedError'
import { OtpExpiredError } from '../../../src/errors/OtpExpiredError'
import { RateLimitedError } from '../../../src/errors/RateLimitedError'
import { RpcMethodNotAllowedError } from '../../../src/errors/RpcMethodNotAllowedError'
import { SocialEmailNeedsProofError } from '../../../src/errors/SocialEmailNeedsProofError'
import { SocialLoginCancelledError } from '../../../src/errors/SocialLoginCancelledError'
import { describeEmbeddedError } from './describeEmbeddedError'

describe('describeEmbeddedError', () => {
  test('default: each class by name, in its locale string', () => {
    expect(
      [
        new EmailLoginCooldownError({ seconds: 18 }),
        new RateLimitedError({ retryAfter: 60 }),
        new FrameLoadError(),
        new FrameTimeoutError({ reason: 'iframe_load_failed', timeout: 1 }),
        new FrameTimeoutError({ reason: 'iframe_request_timeout', timeout: 1 }),
        new InvalidSessionError(),
        new OriginNotAllowedError({ origin: 'https://evil.test' }),
        new RpcMethodNotAllowedError({ method: 'eth_sign' }),
        new InvalidOtpError({ attemptsLeft: 1 }),
        new OtpExpiredError(),
        new SocialEmailNeedsProofError({ email: 'bob@gmail.test', provider: 'google' }),
        new SocialLoginCancelledError(),
      ].map(describeEmbeddedError),
    ).toEqual([
      'Please try again after 18 seconds',
      'Please try again after 60 seconds',
      'Network Error - Could not load embedded wallet',
      'Network Error - Could not load embedded wallet',
      'Embedded Wallet Request Timed Out',
      'Session Expired',
      'Invalid App Configuration',
      'Action not allowed',
      'Invalid code',
      'The code has expired. Please request a new one.',
      'bob@gmail.test already has a wallet here. Sign in with a code sent to that email first, then link Google from Account, under Ways to sign in.',
      'Sign-in was cancelled. Choose a sign-in method to try again.',
    ])
  })

  test('behavior: the name decides, not the words', () => {
    // A sentence that reads like an alert but names no class the UI knows is shown as it is.
    expect(describeEmbeddedError(new BaseError('invalid session for project'))).toBe(
      'invalid session for project',
    )
    expect(
      describeEmbeddedError(
        new FrameRequestError({ message: 'Enter your email first.', type: 'X' }),
      ),
    ).toBe('Enter your email first.')
  })
})
