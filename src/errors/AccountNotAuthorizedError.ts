import { BaseError } from './base'

/** Type of an {@link AccountNotAuthorizedError}. */
export type AccountNotAuthorizedErrorType = AccountNotAuthorizedError & {
  name: 'AccountNotAuthorizedError'
}

/** Thrown when a request names an address that is not the signed-in user's account. */
export class AccountNotAuthorizedError extends BaseError {
  /** EIP-1193 code: unauthorized. */
  code = 4100
  address: string

  override name = 'AccountNotAuthorizedError'

  constructor({ address }: { address: string }) {
    super('The requested account is not authorized', { metaMessages: [`Address: ${address}`] })
    this.address = address
  }
}
