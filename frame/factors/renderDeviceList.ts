import { element } from '../element'
import type { ListedDevice } from '../sealed/sealedReplies'
import { actionButton, factorScreen, onAction } from './screenKit'

const date = (ms: number) =>
  new Date(ms).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' })

/**
 * The devices that hold a split of the sealed wallet (the Security screen's "Devices"): this
 * device first and without a button; each other one with "Sign out", which deletes its server
 * share and ends its sessions (it then needs the recovery password or passkey to sign again).
 */
export function renderDeviceList({
  root,
  devices,
  onRevoke,
  onDone,
}: {
  root: HTMLElement
  devices: readonly ListedDevice[]
  /** Revokes one device; the caller shows the list again after. */
  onRevoke(device: ListedDevice): Promise<void>
  onDone(): void
}): () => void {
  const parts = factorScreen(root, {
    view: 'DeviceList',
    title: 'Your devices',
    text: 'Each device keeps its own part of your wallet. Sign out one you no longer use: it will need your recovery password to sign again.',
  })
  const list = element('ul', 'lk-factors-list')
  const ordered = [...devices].sort((a, b) => Number(b.current) - Number(a.current))
  for (const device of ordered) {
    const item = element('li', 'lk-factors-item')
    item.dataset.device = device.current ? 'current' : String(device.version)
    const text = element('div', 'lk-factors-item-text')
    const owner = device.first ? 'The device that made the wallet' : 'Another device'
    // A split this device only uses (its own storage blocked) is its owner's: say so.
    const name = !device.current ? owner : device.borrowed ? `${owner}, used here` : 'This device'
    text.append(
      element('span', 'lk-factors-item-title', name),
      element('span', 'lk-factors-muted', `Since ${date(device.updatedAt)}`),
    )
    item.append(text)
    if (!device.current) {
      const button = element('button', 'lk-factors-item-action', 'Sign out')
      button.type = 'button'
      button.dataset.tone = 'danger'
      button.setAttribute(
        'aria-label',
        `Sign out ${name.toLowerCase()} (since ${date(device.updatedAt)})`,
      )
      onAction(button, parts, () => onRevoke(device))
      item.append(button)
    }
    list.append(item)
  }
  parts.body.append(list)
  const done = actionButton('Done', 'primary')
  done.addEventListener('click', (event) => {
    if (event.isTrusted) onDone()
  })
  parts.actions.append(done)
  return parts.remove
}
