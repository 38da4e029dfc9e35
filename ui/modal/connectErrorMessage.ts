import type { ConnectState } from '../../src/machines/connect'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import { t } from '../locales/t'

/**
 * The message a failed connect shows, by the connect machine's own `failure` (declined, already
 * pending, or anything else: the error's parsed message).
 */
export function connectErrorMessage({ failure, error }: Pick<ConnectState, 'failure' | 'error'>) {
  switch (failure) {
    case 'rejected':
      return t('connecting.declined')
    case 'alreadyPending':
      return t('connecting.pending')
    default:
      return parseErrorMessage(error)
  }
}
