import { expect, test } from 'vitest'
import { AccountNotAuthorizedError } from '../../src/errors/AccountNotAuthorizedError'
import { BaseError } from '../../src/errors/base'
import { ChainRequestFailedError } from '../../src/errors/ChainRequestFailedError'
import { DecryptionFailedError } from '../../src/errors/DecryptionFailedError'
import { EmailDeliveryFailedError } from '../../src/errors/EmailDeliveryFailedError'
import { EmailInUseError } from '../../src/errors/EmailInUseError'
import { InvalidOtpError } from '../../src/errors/InvalidOtpError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { InvalidSessionError } from '../../src/errors/InvalidSessionError'
import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { OriginNotAllowedError } from '../../src/errors/OriginNotAllowedError'
import { OtpAttemptsExceededError } from '../../src/errors/OtpAttemptsExceededError'
import { OtpExpiredError } from '../../src/errors/OtpExpiredError'
import { ProjectNotFoundError } from '../../src/errors/ProjectNotFoundError'
import { RateLimitedError } from '../../src/errors/RateLimitedError'
import { RpcMethodNotAllowedError } from '../../src/errors/RpcMethodNotAllowedError'
import { SmartAccountNotSupportedError } from '../../src/errors/SmartAccountNotSupportedError'
import { errorResponse } from './errorResponse'

const quiet = { info: () => {}, warn: () => {} }

test('default: every server error: name, status and user-facing message', () => {
  const errors = [
    new InvalidRequestError({ reason: 'email: Email must be a valid email address.' }),
    new InvalidOtpError({ attemptsLeft: 2 }),
    new OtpExpiredError(),
    new OtpAttemptsExceededError(),
    new RpcMethodNotAllowedError({ method: 'eth_sign' }),
    new SmartAccountNotSupportedError(),
    new ChainRequestFailedError({ code: -32000, message: 'insufficient funds' }),
    new ChainRequestFailedError({}),
    new InvalidSessionError(),
    new AccountNotAuthorizedError({ address: '0x0' }),
    new OriginNotAllowedError({ origin: 'https://evil.example' }),
    new ProjectNotFoundError({ projectId: '__proto__' }),
    new EmailInUseError(),
    new RateLimitedError({ retryAfter: 12.2 }),
    new EmailDeliveryFailedError(),
    new DecryptionFailedError(),
    new MissingPeerDependencyError({ packageName: 'hono' }),
  ]
  for (const error of errors) expect(error).toBeInstanceOf(BaseError)
  expect(
    errors.map((error) => {
      const { body, status } = errorResponse(error, quiet)
      return `${status} ${body.error.name}: ${body.error.message}${body.error.code === undefined ? '' : ` (${body.error.code})`}`
    }),
  ).toMatchInlineSnapshot(`
    [
      "400 InvalidRequestError: Invalid request: email: Email must be a valid email address. (-32602)",
      "400 InvalidOtpError: Invalid code",
      "400 OtpExpiredError: The code has expired. Please request a new one.",
      "400 OtpAttemptsExceededError: Too many wrong attempts. Please request a new code.",
      "400 RpcMethodNotAllowedError: Requested RPC call is not allowed (4200)",
      "400 SmartAccountNotSupportedError: This application might not support Smart Accounts",
      "400 ChainRequestFailedError: insufficient funds (-32000)",
      "502 ChainRequestFailedError: RPC request failed (-32603)",
      "401 InvalidSessionError: Invalid session (4100)",
      "403 AccountNotAuthorizedError: The requested account is not authorized (4100)",
      "403 OriginNotAllowedError: Unauthorized: origin not allowed",
      "404 ProjectNotFoundError: Unknown project",
      "409 EmailInUseError: This email is already in use",
      "429 RateLimitedError: Please try again after 13 seconds",
      "502 EmailDeliveryFailedError: Could not send the email",
      "500 DecryptionFailedError: Could not decrypt a value stored at rest",
      "500 MissingPeerDependencyError: Package "hono" is not installed.",
    ]
  `)
})

test('behavior: 429 carries Retry-After, rounded up', () => {
  const { body, headers } = errorResponse(new RateLimitedError({ retryAfter: 0.2 }), quiet)
  expect(body.error).toEqual({
    name: 'RateLimitedError',
    message: 'Please try again after 1 seconds',
    retryAfter: 1,
    retryAfterMs: 200,
  })
  expect(headers).toEqual({ 'retry-after': '1' })
})
