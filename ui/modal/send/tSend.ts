import sendMessages from '../../locales/en.send.json' with { type: 'json' }
import { fill } from '../../locales/fill'
import type { LocaleVars } from '../../locales/types'

/**
 * A string of the send views, EVM and Solana (`en.send.json`, in their lazy chunks, not the
 * modal's first open).
 */
export type SendLocaleKey = keyof typeof sendMessages

/** Looks up a send view's string and fills its `{placeholders}`, as `t` does. */
export function tSend(key: SendLocaleKey, vars?: LocaleVars): string {
  return fill(sendMessages[key] ?? key, vars)
}
