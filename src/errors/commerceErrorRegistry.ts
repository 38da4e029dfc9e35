import { OnrampAmountError } from './OnrampAmountError'
import { OnrampNotSupportedError } from './OnrampNotSupportedError'
import { OnrampProviderError } from './OnrampProviderError'
import { OnrampSessionFinalError } from './OnrampSessionFinalError'
import { OnrampSessionNotFoundError } from './OnrampSessionNotFoundError'
import { OnrampWebhookSignatureError } from './OnrampWebhookSignatureError'
import { readNumberDetail, readStringDetail } from './readDetail'
import { SwapProviderError } from './SwapProviderError'
import type { ErrorRegistry } from './serializeError'

// What the wire does not say is not made up: the revived error names the value as unknown.
const unknown = 'unknown'

/** The swap and on-ramp errors of the Latchkey server, in the form of `serverErrorRegistry`, which spreads them. */
export const commerceErrorRegistry: ErrorRegistry = {
  OnrampAmountError: {
    fields: ['currency', 'min', 'max'],
    revive: (error) =>
      new OnrampAmountError({
        currency: readStringDetail(error, 'currency') ?? unknown,
        min: readStringDetail(error, 'min') ?? unknown,
        max: readStringDetail(error, 'max') ?? unknown,
      }),
  },
  OnrampNotSupportedError: {
    fields: ['what'],
    revive: (error) =>
      new OnrampNotSupportedError({ what: readStringDetail(error, 'what') ?? unknown }),
  },
  OnrampProviderError: {
    fields: ['provider', 'status'],
    revive: (error) =>
      new OnrampProviderError({
        provider: readStringDetail(error, 'provider') ?? unknown,
        status: readNumberDetail(error, 'status') ?? 0,
      }),
  },
  OnrampSessionFinalError: {
    fields: ['status'],
    revive: (error) =>
      new OnrampSessionFinalError({ status: readStringDetail(error, 'status') ?? unknown }),
  },
  OnrampSessionNotFoundError: { revive: () => new OnrampSessionNotFoundError() },
  OnrampWebhookSignatureError: {
    fields: ['provider'],
    revive: (error) =>
      new OnrampWebhookSignatureError({ provider: readStringDetail(error, 'provider') ?? unknown }),
  },
  SwapProviderError: {
    fields: ['provider', 'status'],
    revive: (error) =>
      new SwapProviderError({
        provider: readStringDetail(error, 'provider') ?? unknown,
        status: readNumberDetail(error, 'status') ?? 0,
      }),
  },
}
