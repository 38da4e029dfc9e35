import type { SocialProvider } from '../schemas/socialProviders'

/** Where the page runs, as far as social login cares (SPEC §5 Telegram filtering). */
export type SocialPlatform = {
  /** Inside Telegram's in-app browser (its web view proxy, `window.Telegram`, or its user agent). */
  telegram: boolean
  /** From the user agent. */
  os: 'ios' | 'macos' | 'android' | 'other'
}

// SPEC §5: providers whose login does not work inside Telegram's app, by platform.
const removedInTelegram: Readonly<Record<SocialPlatform['os'], readonly SocialProvider[]>> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/**
 * The social buttons to show: the host's `features.socials` in its order (SPEC §9 default order),
 * only those the wallet server has configured (Farcaster when its login is on), without those
 * Telegram's app breaks on this platform (SPEC §5).
 */
export function filterSocialProviders(
  wanted: readonly SocialProvider[],
  configured: readonly string[],
  platform: SocialPlatform,
): SocialProvider[] {
  const removed = platform.telegram ? removedInTelegram[platform.os] : []
  return wanted.filter((provider) => configured.includes(provider) && !removed.includes(provider))
}

/** Reads the platform from the browser (call it in the browser only). */
export function readSocialPlatform(
  scope: { navigator?: { userAgent?: string } } & Record<string, unknown> = globalThis,
): SocialPlatform {
  const agent = scope.navigator?.userAgent ?? ''
  const telegram =
    Boolean(scope.TelegramWebviewProxy || scope.TelegramWebviewProxyProto || scope.Telegram) ||
    // Telegram's Android in-app browser names itself: `… Telegram-Android/11.2.3 (…)`
    /\bTelegram\b/.test(agent)
  const os = /iPhone|iPad|iPod/.test(agent)
    ? 'ios'
    : /Android/.test(agent)
      ? 'android'
      : /Macintosh|Mac OS X/.test(agent)
        ? 'macos'
        : 'other'
  return { telegram, os }
}
