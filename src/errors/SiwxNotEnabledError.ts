import { BaseError } from './base'

/** Type of a {@link SiwxNotEnabledError}. */
export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }

/**
 * Thrown when sign-in is asked for but no `siwx` adapter is configured (SPEC §8).
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export class SiwxNotEnabledError extends BaseError {
  override name = 'SiwxNotEnabledError'

  constructor() {
    super('SIWX is not enabled', {
      metaMessages: ['- Pass a sign-in adapter as the `siwx` option to enable sign-in.'],
    })
  }
}
