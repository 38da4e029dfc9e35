import { BaseError } from './base'

/** Type of a {@link ConnectorTypeNotFoundError}. */
export type ConnectorTypeNotFoundErrorType = ConnectorTypeNotFoundError & {
  name: 'ConnectorTypeNotFoundError'
}

/** Thrown when no connector matches the requested connector type. */
export class ConnectorTypeNotFoundError extends BaseError {
  override name = 'ConnectorTypeNotFoundError'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connector type not found', { cause })
  }
}
