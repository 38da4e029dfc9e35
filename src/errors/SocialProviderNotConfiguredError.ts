import { BaseError } from './base'

/** Type of a {@link SocialProviderNotConfiguredError}. */
export type SocialProviderNotConfiguredErrorType = SocialProviderNotConfiguredError & {
  name: 'SocialProviderNotConfiguredError'
}

/** Thrown when a social login names a provider the server has no `social.providers` entry for. */
export class SocialProviderNotConfiguredError extends BaseError {
  provider: string

  override name = 'SocialProviderNotConfiguredError'

  constructor({ provider }: { provider: string }) {
    super(`Sign-in with ${provider} is not set up on this wallet server.`, {
      docsPath: '/errors.md#social-login',
    })
    this.provider = provider
  }
}
