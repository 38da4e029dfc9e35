import { isPairingExpired, type PairingState } from '../machines/walletConnectPairing'

/** Where the modal runs, as far as opening wallets goes. */
export type WcPlatform = 'desktop' | 'mobile' | 'telegram' | 'ios-safari'

const mobileAgent = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i
const iosAgent = /iPhone|iPad|iPod/i
// Browsers and in-app views on iOS that say "Safari" in their user agent but are not Safari.
const notSafari =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|mercury|YaBrowser|GSA\/|FBAN|FBAV|Instagram|Line\/|Twitter|DuckDuckGo|Telegram/i

/**
 * Tells the platform from a user agent and whether `window.Telegram.WebApp` exists (pass it in:
 * `src/` reads no browser global).
 */
export function detectPlatform(userAgent: string, hasTelegramWebApp = false): WcPlatform {
  if (hasTelegramWebApp || /Telegram/i.test(userAgent)) return 'telegram'
  if (iosAgent.test(userAgent) && /Safari\//.test(userAgent) && !notSafari.test(userAgent))
    return 'ios-safari'
  return mobileAgent.test(userAgent) ? 'mobile' : 'desktop'
}

/**
 * Whether a wallet tap should reuse the pairing URI already made, so the link opens
 * synchronously in the click (SPEC §4): Telegram and iOS Safari, while the URI is unexpired.
 */
export function shouldReusePairing(
  platform: WcPlatform,
  state: Pick<PairingState, 'uri' | 'expiresAt'>,
  now: number,
): boolean {
  if (platform !== 'telegram' && platform !== 'ios-safari') return false
  return state.uri !== undefined && !isPairingExpired(state, now)
}
