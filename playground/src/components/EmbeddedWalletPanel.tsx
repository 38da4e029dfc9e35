import { parseEther } from 'viem'
import { useConnection, useSendTransaction } from 'wagmi'
import { describeError } from '../describeError'
import { readEmailEnabled, readFrameUrl } from '../embeddedMode'
import type { EventLog } from '../hooks/useEventLog'
import { Panel } from './Panel'

/** Anvil dev account 1: the playground's send goes there. */
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Email login (embedded wallet) status, and a 0.01 ETH send through whichever wallet is connected. */
export function EmbeddedWalletPanel({ log }: { log: EventLog }) {
  const { isConnected } = useConnection()
  const { mutateAsync: sendTransaction } = useSendTransaction()
  const frameUrl = readFrameUrl(location.search)
  const email = readEmailEnabled(location.search)
  const send = () => {
    sendTransaction({ to: recipient, value: parseEther('0.01') })
      .then((hash) => log.append(`sent ${hash}`))
      .catch((error: unknown) => log.append(`error ${describeError(error)}`))
  }
  return (
    <Panel
      title="Email login"
      subtitle={
        frameUrl
          ? `Embedded wallet frame: ${frameUrl}`
          : 'No Latchkey server: start npm run dev, or add ?frame=<frame URL>.'
      }
    >
      <p className="pg-muted" data-testid="pg-email-mode">
        {email
          ? 'Email login is on (the integration turns it off: add ?email=0 to match it). Codes are printed in the npm run dev console.'
          : 'Email login is off.'}
      </p>
      <div className="pg-actions">
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-send"
          onClick={send}
          disabled={!isConnected}
        >
          Send 0.01 ETH to account 1
        </button>
      </div>
    </Panel>
  )
}
