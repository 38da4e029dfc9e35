import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  initialPairingState,
  pairingExpiryMs,
  walletConnectPairingReducer,
} from '../machines/walletConnectPairing'
import { detectPlatform, shouldReusePairing } from './detectPlatform'

const agents = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iosMetaMaskInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Telegram-Android/11.2.3',
}

describe('detectPlatform', () => {
  test('default', () => {
    expect(detectPlatform(agents.chromeDesktop)).toBe('desktop')
    expect(detectPlatform(agents.safariMac)).toBe('desktop')
    expect(detectPlatform(agents.iosSafari)).toBe('ios-safari')
    expect(detectPlatform(agents.iosChrome)).toBe('mobile')
    expect(detectPlatform(agents.iosMetaMaskInApp)).toBe('mobile')
    expect(detectPlatform(agents.android)).toBe('mobile')
    expect(detectPlatform(agents.telegramAndroid)).toBe('telegram')
    expect(detectPlatform('')).toBe('desktop')
  })

  test('parameters: hasTelegramWebApp wins', () => {
    expect(detectPlatform(agents.iosSafari, true)).toBe('telegram')
    expect(detectPlatform(agents.chromeDesktop, true)).toBe('telegram')
  })
})

describe('shouldReusePairing (fake timers)', () => {
  const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`

  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('behavior: Telegram and iOS Safari reuse an unexpired URI; others never do', () => {
    const pairing = walletConnectPairingReducer(initialPairingState(), {
      type: 'shown',
      request: true,
    })
    const state = walletConnectPairingReducer(pairing, {
      type: 'uriReceived',
      uri,
      now: Date.now(),
    })
    expect(shouldReusePairing('telegram', state, Date.now())).toBe(true)
    expect(shouldReusePairing('ios-safari', state, Date.now())).toBe(true)
    expect(shouldReusePairing('mobile', state, Date.now())).toBe(false)
    expect(shouldReusePairing('desktop', state, Date.now())).toBe(false)
    vi.advanceTimersByTime(pairingExpiryMs - 10_000)
    expect(shouldReusePairing('telegram', state, Date.now())).toBe(false)
    expect(shouldReusePairing('ios-safari', initialPairingState(), Date.now())).toBe(false)
  })
})
