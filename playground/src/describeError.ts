/** A one-line message for the log: viem/wagmi `shortMessage` first, then `message`. */
export function describeError(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object') {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
    if (typeof shortMessage === 'string') return shortMessage
    if (typeof message === 'string') return message.split('\n')[0] ?? message
  }
  return 'Unknown error'
}
