import { describe, expect, test } from 'vitest'
import { isEmbeddedWalletMessage, readEmbeddedWalletMessage } from './readEmbeddedWalletMessage'

const approval = { id: 'a1', method: 'personal_sign', pending: true }

describe('readEmbeddedWalletMessage', () => {
  test('default: the data of the asked type', () => {
    expect(
      readEmbeddedWalletMessage({ type: 'embedded:approval', data: approval }, 'embedded:approval'),
    ).toBe(approval)
    expect(
      readEmbeddedWalletMessage(
        { type: 'embedded:emailUpdated', data: { email: 'ada@example.com' } },
        'embedded:emailUpdated',
      )?.email,
    ).toBe('ada@example.com')
  })

  test('behavior: another type, another connector message or no data object reads as undefined', () => {
    expect(
      readEmbeddedWalletMessage({ type: 'embedded:otpSent', data: approval }, 'embedded:approval'),
    ).toBeUndefined()
    expect(
      readEmbeddedWalletMessage({ type: 'display_uri', data: 'wc:x' }, 'embedded:approval'),
    ).toBeUndefined()
    expect(
      readEmbeddedWalletMessage({ type: 'embedded:approval' }, 'embedded:approval'),
    ).toBeUndefined()
    expect(
      readEmbeddedWalletMessage({ type: 'embedded:approval', data: null }, 'embedded:approval'),
    ).toBeUndefined()
  })
})

describe('isEmbeddedWalletMessage', () => {
  test('behavior: only the embedded wallet types with a data object, never a name from the prototype', () => {
    expect(
      isEmbeddedWalletMessage({ type: 'embedded:timeout', data: { reason: 'iframe_load_failed' } }),
    ).toBe(true)
    expect(isEmbeddedWalletMessage({ type: 'toString', data: {} })).toBe(false)
    expect(isEmbeddedWalletMessage({ type: 'display_uri', data: {} })).toBe(false)
    expect(isEmbeddedWalletMessage({ type: 'embedded:otpSent', data: 'ada@example.com' })).toBe(
      false,
    )
  })
})
