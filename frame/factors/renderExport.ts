import { element } from '../element'
import { sealExport } from './hpkeExport'
import { actionButton, factorScreen, onAction, textField } from './screenKit'

/** What an export shows: the EVM key, and the Solana key the server keeps, if any. */
export type ExportedKeys = {
  address: string
  privateKey: `0x${string}`
  solana?: { address: string; secretKey: string } | undefined
}

/** One key: masked until the visitor reveals it, then copyable. */
function keyBlock(label: string, address: string, secret: string, testId: string) {
  const block = element('div', 'lk-factors-key')
  block.append(element('span', 'lk-field-label', label))
  block.append(element('span', 'lk-factors-muted lk-factors-address', address))
  const value = element('code', 'lk-factors-secret-value', '•'.repeat(24))
  value.dataset.state = 'hidden'
  const row = element('div', 'lk-factors-key-actions')
  const reveal = element('button', 'lk-factors-link', 'Reveal')
  reveal.type = 'button'
  reveal.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    const hidden = value.dataset.state === 'hidden'
    value.textContent = hidden ? secret : '•'.repeat(24)
    value.dataset.state = hidden ? 'shown' : 'hidden'
    if (hidden) value.dataset.testid = testId
    else delete value.dataset.testid
    reveal.textContent = hidden ? 'Hide' : 'Reveal'
  })
  const copy = element('button', 'lk-factors-link', 'Copy')
  copy.type = 'button'
  copy.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    navigator.clipboard?.writeText(secret).then(
      () => {
        copy.textContent = 'Copied'
      },
      () => {
        copy.textContent = 'Copy failed'
      },
    )
  })
  row.append(reveal, copy)
  block.append(value, row)
  return block
}

/**
 * The exported key, inside the wallet origin only: masked until revealed, or sealed with HPKE to
 * a public key the visitor pastes (the frame shows the sealed result to copy). Nothing of it is
 * posted to the host page; `onDone` drops the screen and every copy it held.
 */
export function renderExport({
  root,
  keys,
  onDone,
}: {
  root: HTMLElement
  keys: ExportedKeys
  onDone(): void
}): () => void {
  const parts = factorScreen(root, {
    view: 'ExportKey',
    title: 'Your wallet key',
    text: 'Anyone with this key controls your wallet. Never share it, never paste it into a website.',
  })
  parts.screen.classList.add('lk-factors-export')
  const showKeys = () => {
    parts.body.replaceChildren(
      keyBlock('Ethereum private key', keys.address, keys.privateKey, 'export-evm-key'),
      ...(keys.solana
        ? [
            keyBlock(
              'Solana secret key',
              keys.solana.address,
              keys.solana.secretKey,
              'export-solana-key',
            ),
          ]
        : []),
      encryptLink,
    )
  }
  const encryptLink = element('button', 'lk-factors-row', 'Encrypt it to a public key instead')
  encryptLink.type = 'button'
  const publicKey = textField('Recipient public key (X25519 or P-256, hex or base64)', 'hpke-key', {
    multiline: true,
  })
  const encrypt = actionButton('Encrypt', 'primary')
  const done = actionButton('Done', 'primary')
  encryptLink.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    parts.body.replaceChildren(publicKey.wrapper)
    parts.actions.replaceChildren(done, encrypt)
    done.className = 'lk-reject'
    publicKey.input.focus()
  })
  onAction(encrypt, parts, async () => {
    const plaintext = new TextEncoder().encode(JSON.stringify(keys))
    const sealed = await sealExport(publicKey.input.value, plaintext)
    plaintext.fill(0)
    const output = element('code', 'lk-factors-sealed', JSON.stringify(sealed, null, 2))
    output.dataset.testid = 'export-sealed'
    parts.body.replaceChildren(
      element('p', 'lk-factors-muted', 'Sealed for that key only. Copy it to the recipient:'),
      output,
    )
    parts.actions.replaceChildren(done)
    done.className = 'lk-approve'
  })
  done.addEventListener('click', (event) => {
    if (event.isTrusted) onDone()
  })
  parts.actions.append(done)
  showKeys()
  return parts.remove
}
