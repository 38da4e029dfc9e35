import { isUserRejection } from '../../src/errors/isUserRejection'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { t } from '../locales/t'

/** EIP-1193 / JSON-RPC code anywhere in an error's `cause` chain. */
export function findErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if ('code' in current && typeof current.code === 'number') return current.code
    current = 'cause' in current ? current.cause : undefined
  }
  return undefined
}

/** The message a failed connect shows: declined, already pending (-32002), or the parsed error. */
export function connectErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return t('connecting.declined')
  if (findErrorCode(error) === -32002) return t('connecting.pending')
  return parseErrorMessage(error)
}
