import { BaseError } from './base'

/** Type of a {@link SiwxNotConfiguredError}. */
export type SiwxNotConfiguredErrorType = SiwxNotConfiguredError & {
  name: 'SiwxNotConfiguredError'
}

/**
 * Thrown by the server's sign-in endpoints when the project has no `siwx` options (no expected
 * domain): sign-in fails closed instead of accepting any domain.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export class SiwxNotConfiguredError extends BaseError {
  projectId: string

  override name = 'SiwxNotConfiguredError'

  constructor({ projectId }: { projectId: string }) {
    super('Sign-in is not configured on this server for this project.', {
      metaMessages: [
        `Project: ${projectId}`,
        '- Set the server option `siwx: { [projectId or "*"]: { domains: [...] } }`.',
      ],
    })
    this.projectId = projectId
  }
}
