import { expect, expectTypeOf, test } from 'vitest'
import en from '../../locales/en.json'
import swapMessages from '../../locales/en.swap.json'
import type { LocaleKey } from '../../locales/types'
import { type SwapLocaleKey, tSwap } from './tSwap'

test('default: the swap views read their strings from en.swap.json and fill placeholders', () => {
  expect(tSwap('swap.sell')).toBe('You pay')
  expect(tSwap('swap.balance', { amount: '1.5 ETH' })).toBe('Balance: 1.5 ETH')
  expect(tSwap('swap.balance')).toBe('Balance: {amount}')
})

test('behavior: the swap table and the modal table share no key, and no string is empty', () => {
  const core = new Set(Object.keys(en))
  for (const [key, value] of Object.entries(swapMessages)) {
    expect(core.has(key), key).toBe(false)
    expect(value.trim(), key).not.toBe('')
  }
  expectTypeOf<'swap.sell'>().toExtend<SwapLocaleKey>()
  expectTypeOf<'swap.sell'>().not.toExtend<LocaleKey>()
})
