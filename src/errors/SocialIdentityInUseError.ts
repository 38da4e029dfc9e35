import { BaseError } from './base'

/** Type of a {@link SocialIdentityInUseError}. */
export type SocialIdentityInUseErrorType = SocialIdentityInUseError & {
  name: 'SocialIdentityInUseError'
}

/**
 * Thrown when a provider's account being linked already signs in to another wallet: accounts
 * are never merged. Sign in with it and unlink it there first, or link another account.
 */
export class SocialIdentityInUseError extends BaseError {
  provider: string

  override name = 'SocialIdentityInUseError'

  constructor({ provider }: { provider: string }) {
    super(`This ${provider} account already signs in to another wallet.`, {
      docsPath: '/errors.md#linked-logins',
    })
    this.provider = provider
  }
}
