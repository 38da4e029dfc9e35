import { findErrorCode } from '../../src/utils/findErrorCode'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { t } from '../locales/t'

/** Whether the visitor declined in the wallet (4001; 5000 counts as a rejection too, SPEC §8). */
export function isUserRejection(error: unknown): boolean {
  const code = findErrorCode(error)
  return code === 4001 || code === 5000
}

/** The message a failed connect shows: declined, already pending (-32002), or the parsed error. */
export function connectErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return t('connecting.declined')
  if (findErrorCode(error) === -32002) return t('connecting.pending')
  return parseErrorMessage(error)
}
