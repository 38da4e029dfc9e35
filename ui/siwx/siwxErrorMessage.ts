import { isUserRejection } from '../../src/errors/isUserRejection'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { parseErrorMessage } from '../../src/utils/parseErrorMessage'
import type { LocaleKey } from '../locales/localeKey'
import { t } from '../locales/t'

// The sign-in server's reasons a visitor can act on, in words; any other keeps the server's text.
const sentences: Partial<Record<SiwxVerificationError['reason'], LocaleKey>> = {
  DOMAIN_MISMATCH: 'siwx.error.DOMAIN_MISMATCH',
  URI_MISMATCH: 'siwx.error.URI_MISMATCH',
  CHAIN_NOT_ALLOWED: 'siwx.error.CHAIN_NOT_ALLOWED',
  EXPIRED: 'siwx.error.EXPIRED',
  UNKNOWN_NONCE: 'siwx.error.UNKNOWN_NONCE',
  INVALID_SIGNATURE: 'siwx.error.INVALID_SIGNATURE',
}

/**
 * What a failed sign-in shows (SPEC §8): 'Signature declined' for 4001/5000; a rejection by the
 * server as a sentence with its code (`URI_MISMATCH`…); else the error's (the server's) message.
 */
export function siwxErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return t('siwx.declined')
  if (error instanceof SiwxVerificationError) {
    const key = sentences[error.reason]
    if (key) return t(key)
  }
  return parseErrorMessage(error)
}
