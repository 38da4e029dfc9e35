import { element } from '../element'
import type { FactorStatus } from './factorApi'
import { actionButton, factorScreen, onAction } from './screenKit'

/** What the hub's rows start (each runs its own screens, then comes back). */
export type SecurityHubActions = {
  setUpTotp(): Promise<void>
  removeTotp(): Promise<void>
  addPasskey(): Promise<void>
  newRecoveryCodes(): Promise<void>
  exportKey(): Promise<void>
  /** The devices of a sealed wallet (absent for other wallets). */
  devices?: (() => Promise<void>) | undefined
  close(): void
}

/** One row: what it is, its state, and its button. */
function row(
  parts: ReturnType<typeof factorScreen>,
  {
    name,
    title,
    state,
    action,
    run,
    tone,
  }: {
    name: string
    title: string
    state: string
    action: string
    run(): Promise<void>
    tone?: 'danger'
  },
) {
  const item = element('li', 'lk-factors-item')
  item.dataset.factor = name
  const text = element('div', 'lk-factors-item-text')
  text.append(element('span', 'lk-factors-item-title', title))
  text.append(element('span', 'lk-factors-muted', state))
  const button = element('button', 'lk-factors-item-action', action)
  button.type = 'button'
  if (tone) button.dataset.tone = tone
  onAction(button, parts, run)
  item.append(text, button)
  return item
}

/**
 * The security screen (the modal's "Security" entry): the second factors the account has, its
 * recovery codes, and the export of its key; each row's flow runs in this frame.
 */
export function renderSecurityHub({
  root,
  status,
  actions,
}: {
  root: HTMLElement
  status: FactorStatus
  actions: SecurityHubActions
}): () => void {
  const parts = factorScreen(root, {
    view: 'Security',
    title: 'Security',
    text: 'A second factor protects exports, new sign-in methods and large transactions.',
  })
  const list = element('ul', 'lk-factors-list')
  const passkeys = status.passkeys
  list.append(
    row(parts, {
      name: 'totp',
      title: 'Authenticator app',
      state: status.totp ? 'On' : 'Off',
      action: status.totp ? 'Remove' : 'Set up',
      run: status.totp ? actions.removeTotp : actions.setUpTotp,
      ...(status.totp ? { tone: 'danger' as const } : {}),
    }),
    row(parts, {
      name: 'passkeys',
      title: 'Passkeys',
      state: passkeys === 0 ? 'None yet' : passkeys === 1 ? '1 passkey' : `${passkeys} passkeys`,
      action: 'Add',
      run: actions.addPasskey,
    }),
  )
  if (status.totp || status.recoveryCodes > 0)
    list.append(
      row(parts, {
        name: 'recovery-codes',
        title: 'Recovery codes',
        state: `${status.recoveryCodes} left`,
        action: 'New codes',
        run: actions.newRecoveryCodes,
      }),
    )
  list.append(
    row(parts, {
      name: 'export',
      title: 'Export wallet key',
      state:
        status.totp || passkeys > 0 ? 'Needs your second factor' : 'Set up a second factor first',
      action: 'Export',
      run: actions.exportKey,
    }),
  )
  if (actions.devices)
    list.append(
      row(parts, {
        name: 'devices',
        title: 'Devices',
        state: 'Where your wallet signs',
        action: 'Manage',
        run: actions.devices,
      }),
    )
  parts.body.append(list)
  const close = actionButton('Done', 'primary')
  close.addEventListener('click', (event) => {
    if (event.isTrusted) actions.close()
  })
  parts.actions.append(close)
  return parts.remove
}
