import { useState } from 'react'
import {
  readTestWallet,
  type SwitchFault,
  switchFaults,
  type TestWalletErrors,
  testWalletMethods,
  writeTestWallet,
} from '../testWallet'
import { Panel } from './Panel'
import { Toggle } from './Toggle'

const cleared: TestWalletErrors = {
  reject: false,
  unknownChain: false,
  hang: [],
  pending: false,
  switchFault: '',
  badAccounts: false,
  throwSync: [],
}

const switchFaultLabels: Record<SwitchFault, string> = {
  '': 'Switches normally',
  answerNull: 'Answers null without switching',
  internalError: 'Answers -32603',
  silentSwitch: 'Switches silently (no chainChanged)',
  nested4902: '4902 nested in data.originalError',
}

function toggleMethod(list: string[], method: string, on: boolean): string[] {
  return on ? [...list.filter((m) => m !== method), method] : list.filter((m) => m !== method)
}

/** Toggles for `window.__latchkeyTestWallet`, so a person can walk the error paths by hand. */
export function TestWalletPanel() {
  const [errors, setErrors] = useState<TestWalletErrors | undefined>(readTestWallet)

  if (!errors) {
    return (
      <Panel title="Test wallet" subtitle="Not injected on this page.">
        <p className="pg-muted">
          Open the playground through npm run dev to get the injected test wallet.
        </p>
      </Panel>
    )
  }

  const update = (next: TestWalletErrors) => {
    writeTestWallet(next)
    setErrors(next)
  }
  const rejectAll = errors.reject === true
  const rejectList = Array.isArray(errors.reject) ? errors.reject : []

  return (
    <Panel
      title="Test wallet errors"
      subtitle="window.__latchkeyTestWallet, read on every request."
    >
      <div className="pg-toggles">
        <Toggle
          testId="pg-wallet-reject"
          label="Reject every request"
          hint="4001"
          checked={rejectAll}
          onChange={(on) => update({ ...errors, reject: on })}
        />
        <Toggle
          testId="pg-wallet-unknown-chain"
          label="Unknown chain on switch"
          hint="4902"
          checked={errors.unknownChain}
          onChange={(on) => update({ ...errors, unknownChain: on })}
        />
        <Toggle
          testId="pg-wallet-pending"
          label="Request already pending"
          hint="-32002"
          checked={errors.pending}
          onChange={(on) => update({ ...errors, pending: on })}
        />
        <Toggle
          testId="pg-wallet-bad-accounts"
          label="Accounts as a non-array"
          hint="E5"
          checked={errors.badAccounts}
          onChange={(on) => update({ ...errors, badAccounts: on })}
        />
        <Toggle
          testId="pg-wallet-throw-sync"
          label="Throw synchronously on connect"
          hint="E5"
          checked={errors.throwSync.length > 0}
          onChange={(on) =>
            update({
              ...errors,
              throwSync: on ? ['wallet_requestPermissions', 'eth_requestAccounts'] : [],
            })
          }
        />
        <label className="pg-field">
          <span>Chain switch</span>
          <select
            data-testid="pg-wallet-switch-fault"
            value={errors.switchFault}
            onChange={(e) =>
              update({
                ...errors,
                switchFault: switchFaults.find((f) => f === e.target.value) ?? '',
              })
            }
          >
            {switchFaults.map((fault) => (
              <option key={fault} value={fault}>
                {switchFaultLabels[fault]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table className="pg-matrix">
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Reject</th>
            <th scope="col">Hang</th>
          </tr>
        </thead>
        <tbody>
          {testWalletMethods.map((method) => (
            <tr key={method}>
              <th scope="row">
                <code>{method}</code>
              </th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Reject ${method}`}
                  checked={rejectAll || rejectList.includes(method)}
                  disabled={rejectAll}
                  onChange={(e) =>
                    update({
                      ...errors,
                      reject: toggleMethod(rejectList, method, e.target.checked),
                    })
                  }
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Hang ${method}`}
                  checked={errors.hang.includes(method)}
                  onChange={(e) =>
                    update({ ...errors, hang: toggleMethod(errors.hang, method, e.target.checked) })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="pg-link" onClick={() => update(cleared)}>
        Reset all
      </button>
    </Panel>
  )
}
