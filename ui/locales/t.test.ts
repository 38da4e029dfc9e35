import { describe, expect, expectTypeOf, test } from 'vitest'
import en from './en.json'
import { t } from './t'
import type { LocaleKey } from './types'

describe('t', () => {
  test('default', () => {
    expect(t('button.connect')).toBe('Connect Wallet')
  })

  test('parameters: vars fill placeholders, missing ones stay visible', () => {
    expect(t('connecting.continue', { name: 'Rabby' })).toBe('Continue in Rabby')
    expect(t('connecting.continue')).toBe('Continue in {name}')
    expect(t('allWallets.count', { count: 3 })).toBe('3 wallets')
  })

  test('types: keys come from en.json, a wrong key fails the type check', () => {
    expectTypeOf<'button.connect'>().toExtend<LocaleKey>()
    expectTypeOf<'button.nope'>().not.toExtend<LocaleKey>()
    // @ts-expect-error not a key of en.json
    expect(t('button.nope')).toBe('button.nope')
  })

  test('behavior: every string is a non-empty sentence or label', () => {
    for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('')
  })
})
