import { isUserRejection } from '../../src/errors/isUserRejection'
import { findErrorCode } from '../../src/utils/findErrorCode'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { t } from '../locales/t'

/** The message a failed connect shows: declined, already pending (-32002), or the parsed error. */
export function connectErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return t('connecting.declined')
  if (findErrorCode(error) === -32002) return t('connecting.pending')
  return parseErrorMessage(error)
}
