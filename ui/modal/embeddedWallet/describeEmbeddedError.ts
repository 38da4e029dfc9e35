import type { BaseError } from '../../../src/errors/base'
import { socialProviderName } from '../../../src/utils/socialProviderName'
import type { LocaleKey } from '../../locales/localeKey'
import { t } from '../../locales/t'

// Each error class the embedded wallet can end in, by name, and its words (SPEC §8 alerts).
const keys: Partial<Record<string, LocaleKey>> = {
  FrameLoadError: 'alert.frameLoad',
  InvalidSessionError: 'alert.sessionExpired',
  OriginNotAllowedError: 'alert.invalidConfig',
  ProjectNotFoundError: 'alert.invalidConfig',
  FrameRpcNotAllowedError: 'alert.notAllowed',
  RpcMethodNotAllowedError: 'alert.notAllowed',
  InvalidOtpError: 'error.InvalidOtpError',
  OtpExpiredError: 'error.OtpExpiredError',
  OtpAttemptsExceededError: 'error.OtpAttemptsExceededError',
  EmailInUseError: 'error.EmailInUseError',
  EmailDeliveryFailedError: 'error.EmailDeliveryFailedError',
  BroadcastUncertainError: 'error.BroadcastUncertainError',
}

function numberField(error: BaseError, field: string): number | undefined {
  const value = (error as unknown as Record<string, unknown>)[field]
  return typeof value === 'number' ? value : undefined
}

/**
 * An embedded wallet error as the UI shows it, chosen by `error.name`: the cooldown and the
 * server's rate limit with their seconds, the SPEC §8 alerts (frame load failure, timeout, expired
 * session, refused origin or project, refused method), a wrong or expired code; any other error
 * (a name from a newer server, the frame's own refusals) with its own sentence.
 */
export function describeEmbeddedError(error: BaseError): string {
  if (error.name === 'EmailLoginCooldownError' || error.name === 'RateLimitedError') {
    const seconds = numberField(error, 'seconds') ?? numberField(error, 'retryAfter')
    if (seconds !== undefined) return t('email.cooldown', { n: seconds })
  }
  if (error.name === 'FrameTimeoutError')
    return t(
      (error as { reason?: unknown }).reason === 'iframe_load_failed'
        ? 'alert.frameLoad'
        : 'alert.timeout',
    )
  // Never merged: the visitor signs in by email first, then links the provider from Account.
  if (error.name === 'SocialEmailNeedsProofError') {
    const { email, provider } = error as { email?: unknown; provider?: unknown }
    if (typeof email === 'string')
      return t('error.SocialEmailNeedsProofError', {
        email,
        provider: socialProviderName(typeof provider === 'string' ? provider : 'the provider'),
      })
  }
  const key = keys[error.name]
  return key ? t(key) : error.shortMessage
}
