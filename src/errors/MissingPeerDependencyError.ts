import { BaseError } from './base'

/** Type of a {@link MissingPeerDependencyError}. */
export type MissingPeerDependencyErrorType = MissingPeerDependencyError & {
  name: 'MissingPeerDependencyError'
}

/** Thrown when an optional peer dependency needed by a feature is not installed. */
export class MissingPeerDependencyError extends BaseError {
  /** The npm package to install. */
  packageName: string

  override name = 'MissingPeerDependencyError'

  constructor({ packageName, cause }: { packageName: string; cause?: unknown }) {
    super(`Package "${packageName}" is not installed.`, {
      cause,
      metaMessages: [`Install it next to latchkey: npm install ${packageName}`],
    })
    this.packageName = packageName
  }
}
