import { expect, expectTypeOf, test } from 'vitest'
import { type FarcasterLocaleKey, tFarcaster } from '../modal/embeddedWallet/farcasterStrings'
import { tSecurity } from '../modal/embeddedWallet/tSecurity'
import { type OnrampLocaleKey, tOnramp } from '../modal/onramp/tOnramp'
import { type SendLocaleKey, tSend } from '../modal/send/tSend'
import { type SwapLocaleKey, tSwap } from '../modal/swap/tSwap'
import farcasterMessages from './en.farcaster.json'
import en from './en.json'
import onrampMessages from './en.onramp.json'
import securityMessages from './en.security.json'
import sendMessages from './en.send.json'
import swapMessages from './en.swap.json'
import type { LocaleKey } from './types'

// The send, swap, on-ramp and Farcaster views' strings (and Account's Security row's) live in tables of their own, loaded with those views' chunks
// (the modal's first open carries only en.json).

test('default: the send and swap views read their tables and fill placeholders as t does', () => {
  expect(tSwap('swap.sell')).toBe('You pay')
  expect(tSwap('swap.balance', { amount: '1.5 ETH' })).toBe('Balance: 1.5 ETH')
  expect(tSwap('swap.balance')).toBe('Balance: {amount}')
  expect(tSend('send.declined')).toBe(sendMessages['send.declined'])
  expect(tFarcaster('farcaster.signedIn', { name: 'alice' })).toBe('Signed in as @alice')
  expect(tOnramp('onramp.receive', { amount: '0.05 ETH' })).toBe('≈ 0.05 ETH')
  expect(tSecurity('security.failed', { message: 'x' })).toBe(
    'The security settings could not open: x',
  )
})

test('behavior: the tables share no key, and no string is empty', () => {
  const seen = new Set<string>()
  for (const table of [
    en,
    sendMessages,
    swapMessages,
    onrampMessages,
    farcasterMessages,
    securityMessages,
  ])
    for (const [key, value] of Object.entries(table)) {
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      expect(value.trim(), key).not.toBe('')
    }
  expectTypeOf<'swap.sell'>().toExtend<SwapLocaleKey>()
  expectTypeOf<'send.declined'>().toExtend<SendLocaleKey>()
  expectTypeOf<'swap.sell'>().not.toExtend<LocaleKey>()
  expectTypeOf<'send.declined'>().not.toExtend<LocaleKey>()
  expectTypeOf<'farcaster.open'>().toExtend<FarcasterLocaleKey>()
  expectTypeOf<'farcaster.open'>().not.toExtend<LocaleKey>()
  expectTypeOf<'onramp.pay'>().toExtend<OnrampLocaleKey>()
  expectTypeOf<'onramp.pay'>().not.toExtend<LocaleKey>()
})
