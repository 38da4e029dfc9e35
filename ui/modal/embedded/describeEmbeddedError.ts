import { t } from '../../locales/t'

const cooldown = /^Please try again after (\d+) seconds$/

/**
 * An embedded wallet error as the UI shows it: the cooldown and the SPEC §8 alerts in their
 * locale strings (frame load failure, timeout, expired session, refused origin, refused method);
 * any other message (a wrong code…) as the server wrote it.
 */
export function describeEmbeddedError(message: string): string {
  const seconds = cooldown.exec(message)?.[1]
  if (seconds) return t('email.cooldown', { n: seconds })
  // the frame itself, or the frame channel's lazy chunk (ChunkLoadError), did not load
  if (
    message === 'Unable to load email login dependency' ||
    /dynamically imported module|ChunkLoadError|Loading chunk/i.test(message)
  )
    return t('alert.frameLoad')
  if (message === 'Embedded wallet request timed out') return t('alert.timeout')
  if (/JWT|session expired|invalid session/i.test(message)) return t('alert.sessionExpired')
  if (/origin not allowed|invalid key|project/i.test(message)) return t('alert.invalidConfig')
  if (message === 'Requested RPC call is not allowed') return t('alert.notAllowed')
  return message
}
