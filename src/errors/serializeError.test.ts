import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { AccountNotAuthorizedError } from './AccountNotAuthorizedError'
import { BatchResponseError } from './BatchResponseError'
import { BroadcastUncertainError } from './BroadcastUncertainError'
import { BaseError } from './base'
import { ChainMismatchError } from './ChainMismatchError'
import { ChainNotSupportedError } from './ChainNotSupportedError'
import { ChainRequestFailedError } from './ChainRequestFailedError'
import { ChainTimeoutError } from './ChainTimeoutError'
import { DeviceProofNonceError } from './DeviceProofNonceError'
import { deserializeError } from './deserializeError'
import { EmailDeliveryFailedError } from './EmailDeliveryFailedError'
import { EmailInUseError } from './EmailInUseError'
import { EstimateGasFailedError } from './EstimateGasFailedError'
import { FarcasterIdentityInUseError } from './FarcasterIdentityInUseError'
import { FarcasterLoginInvalidError } from './FarcasterLoginInvalidError'
import { FarcasterRelayError } from './FarcasterRelayError'
import { FarcasterVerificationError } from './FarcasterVerificationError'
import { FeeCapExceededError } from './FeeCapExceededError'
import { InvalidDeviceProofError } from './InvalidDeviceProofError'
import { InvalidErrorPayloadError } from './InvalidErrorPayloadError'
import { InvalidOtpError } from './InvalidOtpError'
import { InvalidRequestError } from './InvalidRequestError'
import { InvalidSecondFactorError } from './InvalidSecondFactorError'
import { InvalidSessionError } from './InvalidSessionError'
import { InvalidWalletSecretError } from './InvalidWalletSecretError'
import { LastLoginError } from './LastLoginError'
import { OnrampAmountError } from './OnrampAmountError'
import { OnrampNotSupportedError } from './OnrampNotSupportedError'
import { OnrampProviderError } from './OnrampProviderError'
import { OnrampSessionFinalError } from './OnrampSessionFinalError'
import { OnrampSessionNotFoundError } from './OnrampSessionNotFoundError'
import { OnrampWebhookSignatureError } from './OnrampWebhookSignatureError'
import { OriginNotAllowedError } from './OriginNotAllowedError'
import { OtpAttemptsExceededError } from './OtpAttemptsExceededError'
import { OtpExpiredError } from './OtpExpiredError'
import { PasskeyChallengeError } from './PasskeyChallengeError'
import { PasskeyRemovalError } from './PasskeyRemovalError'
import { PasskeyVerificationError } from './PasskeyVerificationError'
import { ProjectNotFoundError } from './ProjectNotFoundError'
import { RateLimitedError } from './RateLimitedError'
import { ResponseTooLargeError } from './ResponseTooLargeError'
import { RpcMethodNotAllowedError } from './RpcMethodNotAllowedError'
import { SecondFactorRequiredError } from './SecondFactorRequiredError'
import { SmartAccountNotSupportedError } from './SmartAccountNotSupportedError'
import { SocialEmailNeedsProofError } from './SocialEmailNeedsProofError'
import { SocialIdentityInUseError } from './SocialIdentityInUseError'
import { SocialIdTokenError } from './SocialIdTokenError'
import { SocialLoginCancelledError } from './SocialLoginCancelledError'
import { SocialProviderError } from './SocialProviderError'
import { SocialProviderNotConfiguredError } from './SocialProviderNotConfiguredError'
import { SocialRedirectUnavailableError } from './SocialRedirectUnavailableError'
import { SocialResultInvalidError } from './SocialResultInvalidError'
import { SocialStateError } from './SocialStateError'
import { SwapProviderError } from './SwapProviderError'
import { type SerializedError, serializeError } from './serializeError'
import { serverErrorRegistry } from './serverErrorRegistry'
import { WalletImportError } from './WalletImportError'

const hash = `0x${'ab'.repeat(32)}` as const

// One thrown instance of every class the server's registry knows, as the server makes it.
const samples: BaseError[] = [
  new AccountNotAuthorizedError({ address: '0x0000000000000000000000000000000000000001' }),
  new BatchResponseError({ reason: 'duplicate', method: 'eth_call' }),
  new BroadcastUncertainError({ hash, nonce: 7 }),
  new ChainMismatchError({ kind: 'transaction', requestedChainId: 56, activeChainId: 1 }),
  new ChainNotSupportedError({ chainId: 10 }),
  new ChainRequestFailedError({ code: -32000, message: 'insufficient funds' }),
  new ChainTimeoutError({ method: 'eth_call', timeoutMs: 10_000 }),
  new DeviceProofNonceError({ reason: 'stale nonce' }),
  new EmailDeliveryFailedError(),
  new EmailInUseError(),
  new EstimateGasFailedError(),
  new FarcasterIdentityInUseError({ fid: 1001 }),
  new FarcasterLoginInvalidError({ reason: 'used' }),
  new FarcasterRelayError({ reason: 'status: 500' }),
  new FarcasterVerificationError({ reason: 'OWNER' }),
  new FeeCapExceededError({ amount: '0.42 ETH', limit: '0.01 ETH' }),
  new InvalidDeviceProofError({ reason: 'bad signature' }),
  new InvalidOtpError({ attemptsLeft: 3 }),
  new InvalidRequestError({ reason: 'email: Email must be a valid email address.' }),
  new InvalidSecondFactorError({ reason: 'REUSED' }),
  new InvalidSessionError(),
  new LastLoginError(),
  new SocialIdentityInUseError({ provider: 'google' }),
  new SocialRedirectUnavailableError({ reason: 'The frame has no storage.' }),
  new InvalidWalletSecretError({ problem: 'UNKNOWN_WORD', position: 5 }),
  new OnrampAmountError({ currency: 'USD', min: '20', max: '5000' }),
  new OnrampNotSupportedError({ what: 'token' }),
  new OnrampProviderError({ provider: 'sandbox', status: 502 }),
  new OnrampSessionFinalError({ status: 'completed' }),
  new OnrampSessionNotFoundError(),
  new OnrampWebhookSignatureError({ provider: 'sandbox' }),
  new OriginNotAllowedError({ origin: 'https://evil.test' }),
  new OtpAttemptsExceededError(),
  new OtpExpiredError(),
  new PasskeyChallengeError(),
  new PasskeyRemovalError({ reason: 'SEALS_RECOVERY' }),
  new PasskeyVerificationError({ reason: 'COUNTER' }),
  new ProjectNotFoundError({ projectId: 'nope' }),
  new RateLimitedError({ retryAfterMs: 12_300 }),
  new ResponseTooLargeError({ maxBytes: 10 }),
  new RpcMethodNotAllowedError({ method: 'eth_sign' }),
  new SecondFactorRequiredError({ action: 'sign', reason: 'STALE' }),
  new SmartAccountNotSupportedError(),
  new SocialEmailNeedsProofError({ email: 'carol@example.test', provider: 'google' }),
  new SocialIdTokenError({ reason: 'NONCE' }),
  new SocialLoginCancelledError(),
  new SocialProviderError({ reason: 'token: invalid_grant' }),
  new SocialProviderNotConfiguredError({ provider: 'myspace' }),
  new SocialResultInvalidError({ reason: 'x' }),
  new SocialStateError(),
  new SwapProviderError({ provider: '0x', status: 502 }),
  new WalletImportError({ reason: 'IN_USE' }),
]

const fallback = (error: SerializedError) =>
  new BaseError(error.message, { name: `Unknown(${error.name})` })

/** Serialises, sends through JSON as every wire does, and makes the error again. */
function roundTrip(error: unknown): BaseError {
  const wire = JSON.parse(JSON.stringify(serializeError(error, serverErrorRegistry))) as unknown
  return deserializeError(wire, { registry: serverErrorRegistry, fallback })
}

describe('serializeError / deserializeError', () => {
  test('default: every registered class has a sample (a new registration needs one here)', () => {
    expect(samples.map((error) => error.name).sort()).toEqual(
      Object.keys(serverErrorRegistry).sort(),
    )
  })

  test('default: every registered class comes back as itself: name, sentence, code and details', () => {
    for (const sent of samples) {
      const received = roundTrip(sent)
      expect(received, sent.name).toBeInstanceOf(sent.constructor)
      expect(received.name).toBe(sent.name)
      expect(received.shortMessage).toBe(sent.shortMessage)
      expect(received.message.split('\n')[0]).toBe(sent.shortMessage)
      expect((received as { code?: unknown }).code).toBe((sent as { code?: unknown }).code)
      for (const field of serverErrorRegistry[sent.name]?.fields ?? [])
        expect((received as unknown as Record<string, unknown>)[field], field).toEqual(
          (sent as unknown as Record<string, unknown>)[field],
        )
    }
  })

  test('behavior: a broadcast that may have gone out keeps its hash, nonce and flag', () => {
    const sent = new BroadcastUncertainError({ hash, nonce: 7 })
    expect(serializeError(sent, serverErrorRegistry)).toEqual({
      name: 'BroadcastUncertainError',
      message: 'The transaction may have been sent; check its hash before sending again',
      details: { hash, nonce: 7, mayHaveBeenSent: true },
    })
    const received = roundTrip(sent)
    expect(received).toBeInstanceOf(BroadcastUncertainError)
    expect(received).toMatchObject({ hash, nonce: 7, mayHaveBeenSent: true })
  })

  test('behavior: a Solana send that may have gone out keeps its signature (no hash, no nonce)', () => {
    const signature =
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
    const sent = new BroadcastUncertainError({ signature })
    expect(serializeError(sent, serverErrorRegistry)).toEqual({
      name: 'BroadcastUncertainError',
      message: 'The transaction may have been sent; check its signature before sending again',
      details: { signature, mayHaveBeenSent: true },
    })
    const received = roundTrip(sent)
    expect(received).toBeInstanceOf(BroadcastUncertainError)
    expect(received).toMatchObject({ signature, mayHaveBeenSent: true, hash: undefined })
  })

  test('behavior: a send that failed for sure says it did not go out; other chain failures say nothing', () => {
    const refused = new ChainRequestFailedError({
      code: -32003,
      message: 'insufficient funds for gas * price + value',
      mayHaveBeenSent: false,
    })
    expect(serializeError(refused, serverErrorRegistry)).toEqual({
      name: 'ChainRequestFailedError',
      message: 'insufficient funds for gas * price + value',
      code: -32003,
      details: { mayHaveBeenSent: false },
    })
    const received = roundTrip(refused)
    expect(received).toBeInstanceOf(ChainRequestFailedError)
    expect(received).toMatchObject({ code: -32003, mayHaveBeenSent: false })
    // A read's failure carries no flag, and a flag other than false is not taken from the wire.
    const read = new ChainRequestFailedError({ code: 3 })
    expect(serializeError(read, serverErrorRegistry)).not.toHaveProperty('details')
    expect((roundTrip(read) as ChainRequestFailedError).mayHaveBeenSent).toBeUndefined()
    const forged = deserializeError(
      { name: 'ChainRequestFailedError', message: 'x', details: { mayHaveBeenSent: true } },
      { registry: serverErrorRegistry, fallback },
    )
    expect((forged as ChainRequestFailedError).mayHaveBeenSent).toBeUndefined()
  })

  test('behavior: a wrong code and an expired one stay apart; attempts left and waits survive', () => {
    expect(roundTrip(new InvalidOtpError({ attemptsLeft: 2 }))).toMatchObject({
      name: 'InvalidOtpError',
      attemptsLeft: 2,
    })
    expect(roundTrip(new OtpExpiredError())).toBeInstanceOf(OtpExpiredError)
    expect(roundTrip(new RateLimitedError({ retryAfterMs: 12_300 }))).toMatchObject({
      retryAfter: 13,
      retryAfterMs: 12_300,
    })
  })

  test('behavior: the sender’s sentence wins over the class default', () => {
    const received = deserializeError(
      { name: 'InvalidSessionError', message: 'Session ended on another device', code: 4100 },
      { registry: serverErrorRegistry, fallback },
    )
    expect(received).toBeInstanceOf(InvalidSessionError)
    expect(received.shortMessage).toBe('Session ended on another device')
    expect(received.message.startsWith('Session ended on another device\n')).toBe(true)
  })

  test('behavior: only the listed fields travel; nothing else of the error leaves', () => {
    const sent = new RpcMethodNotAllowedError({ method: 'eth_sign' })
    expect(serializeError(sent, serverErrorRegistry)).toEqual({
      name: 'RpcMethodNotAllowedError',
      message: 'Requested RPC call is not allowed',
      code: 4200,
    })
    expect(serializeError(new Error('secret stack'))).toEqual({
      name: 'InternalError',
      message: 'An error occurred',
    })
  })

  test('error: an unknown name becomes the fallback, which keeps the name', () => {
    const received = deserializeError(
      { name: 'QuantumError', message: 'New in server 2.0', code: 4999 },
      { registry: serverErrorRegistry, fallback },
    )
    expect(received.name).toBe('Unknown(QuantumError)')
    expect(received.shortMessage).toBe('New in server 2.0')
    // inherited names are not registered names
    expect(
      deserializeError(
        { name: 'toString', message: 'x' },
        { registry: serverErrorRegistry, fallback },
      ).name,
    ).toBe('Unknown(toString)')
  })

  test('error: a malformed payload is an InvalidErrorPayloadError saying why, never a throw', () => {
    const cases: [unknown, string][] = [
      [undefined, 'not an object'],
      ['Bad gateway', 'not an object'],
      [{ message: 'x' }, 'name is not an identifier'],
      [{ name: '<script>', message: 'x' }, 'name is not an identifier'],
      [{ name: 'X', message: '' }, 'message is not a string of 1 to 4096 characters'],
      [{ name: 'X', message: 'x'.repeat(4097) }, 'message is not a string of 1 to 4096 characters'],
      [{ name: 'X', message: 'x', code: 1.5 }, 'code is not an integer or an upper-case word'],
      [{ name: 'X', message: 'x', details: [] }, 'details is not an object'],
      [
        { name: 'X', message: 'x', details: { a: {} } },
        'detail "a" is not a short string, a number or a boolean',
      ],
    ]
    for (const [payload, reason] of cases) {
      const received = deserializeError(payload, { registry: serverErrorRegistry, fallback })
      expect(received).toBeInstanceOf(InvalidErrorPayloadError)
      expect((received as InvalidErrorPayloadError).reason).toBe(reason)
      expect(received.shortMessage).toBe('An error occurred')
    }
  })

  test('property: any JSON value gives a BaseError, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const received = deserializeError(value, { registry: serverErrorRegistry, fallback })
        return received instanceof BaseError
      }),
    )
  })
})
