import type { LatchkeyOptions } from 'latchkey/react'
import { readEmailEnabled, readSocialsEnabled } from './embeddedMode'
import { manyWallets } from './manyWallets'
import { readOnrampOption } from './onrampMode'
import { createPlaygroundSiwx, type SiwxMode } from './siwxMode'
import { readSwapOption } from './swapMode'

/** `?wallets=1000` adds that many custom wallets and shows the all-wallets option (bench mode). */
export function readWalletCount(search: string): number {
  const value = Number(new URLSearchParams(search).get('wallets') ?? 0)
  return Number.isInteger(value) && value > 0 ? Math.min(value, 10_000) : 0
}

/** `?theme=light` shows the light theme (the integration itself is dark). */
export function readThemeMode(search: string): 'dark' | 'light' {
  return new URLSearchParams(search).get('theme') === 'light' ? 'light' : 'dark'
}

/** `?connectTimeoutMs=2000` (e2e): how long a wallet may take to answer a connect request. */
export function readConnectTimeout(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('connectTimeoutMs') ?? 0)
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/**
 * `?directory=<url>` (the e2e, screenshots): the wallet directory of a `latchkey serve` with its
 * `directory` option; All Wallets then lists its wallets.
 */
export function readDirectoryUrl(search: string): string | undefined {
  const value = new URLSearchParams(search).get('directory')
  return value && /^https?:\/\//.test(value) ? value : undefined
}

/** `?chainData=<url>` (the e2e, screenshots): the Account tabs read a `latchkey serve` with `chainData`. */
export function readChainDataUrl(search: string): string | undefined {
  const value = new URLSearchParams(search).get('chainData')
  return value && /^https?:\/\//.test(value) ? value : undefined
}

export function createLatchkeyOptions(
  walletCount: number,
  themeMode: 'dark' | 'light' = 'dark',
  siwxMode: SiwxMode = 'off',
): LatchkeyOptions {
  const siwx = createPlaygroundSiwx(siwxMode)
  const connectTimeoutMs = readConnectTimeout(location.search)
  const directoryUrl = readDirectoryUrl(location.search)
  const chainDataUrl = readChainDataUrl(location.search)
  const swap = readSwapOption(location.search)
  const onramp = readOnrampOption(location.search)
  return {
    ...(swap ? { swap } : {}),
    ...(onramp ? { onramp } : {}),
    ...(directoryUrl ? { directory: { url: directoryUrl } } : {}),
    ...(chainDataUrl ? { chainData: { url: chainDataUrl } } : {}),
    ...(siwx ? { siwx } : {}),
    ...(connectTimeoutMs ? { connectTimeoutMs } : {}),
    themeMode,
    themeVariables: {
      accent: '#8b5cf6',
      ...(themeMode === 'dark' ? { background: '#0b0a10' } : {}),
      fontFamily: 'Inter, system-ui, sans-serif',
    },
    allWallets: walletCount > 0 || directoryUrl ? 'show' : 'hide',
    customWallets: walletCount > 0 ? manyWallets(walletCount) : [],
    features: {
      email: readEmailEnabled(location.search),
      ...(readSocialsEnabled(location.search) ? {} : { socials: false }),
      swaps: swap !== undefined,
      onramp: onramp !== undefined,
      history: false,
      analytics: false,
    },
    metadata: {
      name: 'Latchkey Playground',
      description: 'Connect, disconnect and switch between Ethereum and BNB Smart Chain.',
      // https, or loopback while developing (the e2e's http://dapp.test is neither)
      ...(/^(localhost|127\.0\.0\.1)$/.test(location.hostname) || location.protocol === 'https:'
        ? { url: location.origin }
        : {}),
      icons: [],
    },
  }
}
