import { useConnection, useSignMessage } from 'wagmi'
import { describeError } from '../describeError'
import type { EventLog } from '../hooks/useEventLog'
import { useIntegration } from '../hooks/useIntegration'
import { Panel } from './Panel'

/** SPEC §4 "Integration actions": connect, disconnect, switch to BNB / Ethereum, callbacks. */
export function IntegrationPanel({ log }: { log: EventLog }) {
  const { isConnected } = useConnection()
  const integration = useIntegration({
    onConnect: (address) => log.append(`onConnect ${address}`),
    onAccountsChanged: (address) => log.append(`onAccountsChanged ${address}`),
    onDisconnect: () => log.append('onDisconnect'),
    onError: (error) => log.append(`error ${describeError(error)}`),
    onRequestExpired: (method) => log.append(`expired ${method} (sent before the reload)`),
  })
  const logSwitch = (chainId: number) => log.append(`switched ${chainId}`)
  const { mutateAsync: signMessage } = useSignMessage()
  // personal_sign through whichever wallet is connected; the e2e verifies the signature with viem.
  const sign = () => {
    signMessage({ message: 'Hello from the Latchkey playground' })
      .then((signature) => log.append(`signed ${signature}`))
      .catch((error: unknown) => log.append(`error ${describeError(error)}`))
  }

  return (
    <Panel title="Integration" subtitle="Built only on latchkey/react and wagmi hooks.">
      <div className="pg-actions">
        <button
          type="button"
          className="pg-btn pg-btn-primary"
          data-testid="pg-connect"
          onClick={integration.connect}
        >
          Connect
        </button>
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-disconnect"
          onClick={integration.disconnect}
          disabled={!isConnected}
        >
          Disconnect
        </button>
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-switch-bnb"
          onClick={() => integration.switchToBinance(logSwitch)}
        >
          Switch to BNB
        </button>
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-switch-eth"
          onClick={() => integration.switchToEthereum(logSwitch)}
        >
          Switch to ETH
        </button>
        <button
          type="button"
          className="pg-btn"
          data-testid="pg-sign"
          onClick={sign}
          disabled={!isConnected}
        >
          Sign message
        </button>
      </div>
      <div className="pg-log-head">
        <span>Callbacks</span>
        <button
          type="button"
          className="pg-link"
          onClick={log.clear}
          disabled={log.lines.length === 0}
        >
          Clear
        </button>
      </div>
      <pre className="pg-log" data-testid="pg-log" aria-live="polite">
        {log.lines.join('\n')}
      </pre>
    </Panel>
  )
}
