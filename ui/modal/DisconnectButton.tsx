import { useConfig } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useConnection } from '../useConnection'
import { ActionRow } from './ActionRow'
import { DisconnectIcon } from './icons'
import { useTrack } from './useTrack'

/** Props of {@link DisconnectButton}. */
export interface DisconnectButtonProps {
  /** The row's label. */
  label: string
}

/** The danger row that closes the modal and disconnects the current connector. */
export function DisconnectButton({ label }: DisconnectButtonProps) {
  const { closeModal } = useLatchkeyContext()
  const { connector } = useConnection()
  // the action, not wagmi's useDisconnect: its mutation code would join the first bundle
  const config = useConfig()
  const track = useTrack()
  return (
    <ActionRow
      icon={<DisconnectIcon />}
      label={label}
      testId="disconnect"
      tone="danger"
      onClick={() => {
        closeModal()
        // like a mutation's mutate: a failed disconnect is not an unhandled rejection
        disconnect(config, { connector }).catch((error: unknown) =>
          track({
            event: 'DISCONNECT_ERROR',
            properties: { error: error instanceof Error ? error.name : 'Unknown' },
          }),
        )
      }}
    />
  )
}
