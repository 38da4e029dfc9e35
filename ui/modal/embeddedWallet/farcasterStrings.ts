import farcasterMessages from '../../locales/en.farcaster.json' with { type: 'json' }
import { fill } from '../../locales/fill'
import type { LocaleVars } from '../../locales/types'

/** A string of the Farcaster view (`en.farcaster.json`, in its chunk, not the modal's first open). */
export type FarcasterLocaleKey = keyof typeof farcasterMessages

/** Looks up a Farcaster view string and fills its `{placeholders}`, as `t` does. */
export function tFarcaster(key: FarcasterLocaleKey, vars?: LocaleVars): string {
  return fill(farcasterMessages[key] ?? key, vars)
}
