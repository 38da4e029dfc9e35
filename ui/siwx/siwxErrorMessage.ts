import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { t } from '../locales/t'
import { isUserRejection } from '../modal/connectErrorMessage'

/** What a failed sign-in shows (SPEC §8): 'Signature declined' for 4001/5000, else the error. */
export function siwxErrorMessage(error: unknown): string {
  return isUserRejection(error) ? t('siwx.declined') : parseErrorMessage(error)
}
