import { AlertIcon } from '../icons'
import { sendErrorMessage } from './sendErrorMessage'

/** Why the last send did not go through, as an alert; nothing without an error. */
export function SendErrorNotice({ error }: { error: Error | undefined }) {
  if (!error) return null
  return (
    <p data-lk-send-notice="" role="alert" data-testid="send-error">
      <AlertIcon size={16} />
      <span>{sendErrorMessage(error)}</span>
    </p>
  )
}
