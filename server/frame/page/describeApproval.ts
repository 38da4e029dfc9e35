/** What the approval screen shows for one request. */
export type ApprovalSummary = {
  title: string
  rows: { label: string; value: string }[]
}

const maxShown = 2_000

function clip(text: string): string {
  return text.length > maxShown ? `${text.slice(0, maxShown)}…` : text
}

function json(value: unknown): string {
  try {
    return clip(JSON.stringify(value, null, 2) ?? String(value))
  } catch {
    return '(unreadable)'
  }
}

function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true
  }
  return false
}

/** A personal_sign message: hex that decodes to UTF-8 text is shown as text, else as hex. */
export function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return json(message)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return clip(message)
  const bytes = new Uint8Array(
    (message.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)),
  )
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters other than line breaks mean binary data: show the hex.
    return hasControlCharacters(text) ? clip(message) : clip(text)
  } catch {
    return clip(message)
  }
}

/** A wei amount (hex or decimal) in ETH, exactly (no float rounding). */
export function formatWei(value: unknown): string {
  if (value === undefined || value === null) return '0 ETH'
  let wei: bigint
  try {
    wei = BigInt(value as string)
  } catch {
    return String(value)
  }
  const unit = 10n ** 18n
  const fraction = (wei % unit).toString().padStart(18, '0').replace(/0+$/, '')
  return `${wei / unit}${fraction ? `.${fraction}` : ''} ETH`
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value === 'string')
    try {
      return record(JSON.parse(value))
    } catch {
      return {}
    }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function list(params: unknown): unknown[] {
  return Array.isArray(params) ? params : []
}

function describeCall(call: unknown, index?: number) {
  const { to, value, data } = record(call)
  const prefix = index === undefined ? '' : `Call ${index + 1}: `
  const rows = [
    { label: `${prefix}To`, value: typeof to === 'string' ? to : '(contract creation)' },
    { label: `${prefix}Value`, value: formatWei(value) },
  ]
  if (typeof data === 'string' && data !== '0x')
    rows.push({ label: `${prefix}Data`, value: clip(data) })
  return rows
}

/** The title and rows of the approval screen for an RPC request that needs approval. */
export function describeApproval(method: string, params: unknown): ApprovalSummary {
  const args = list(params)
  switch (method) {
    case 'personal_sign':
      return {
        title: 'Sign message',
        rows: [{ label: 'Message', value: readableMessage(args[0]) }],
      }
    case 'eth_signTypedData_v4': {
      const typed = record(args[1])
      const domain = record(typed.domain)
      const rows = [
        { label: 'Type', value: String(typed.primaryType ?? '(none)') },
        { label: 'Domain', value: json(domain) },
        { label: 'Message', value: json(typed.message) },
      ]
      return { title: 'Sign typed data', rows }
    }
    case 'eth_sendTransaction':
      return { title: 'Send transaction', rows: describeCall(args[0]) }
    case 'wallet_sendCalls': {
      const calls = list(record(args[0]).calls)
      return {
        title: 'Send calls',
        rows: calls.flatMap((call, index) => describeCall(call, index)),
      }
    }
    default:
      return { title: method, rows: [{ label: 'Parameters', value: json(params) }] }
  }
}
