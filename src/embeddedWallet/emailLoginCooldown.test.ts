import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { EmailLoginCooldownError } from '../errors/EmailLoginCooldownError'
import { emailLoginReducer, initialEmailLoginState } from '../machines/emailLogin'
import { checkEmailLoginCooldown } from './emailLoginCooldown'

const t0 = 1_700_000_000_000

describe('checkEmailLoginCooldown', () => {
  test('default: nothing stored, or 30 s passed, lets the login go', () => {
    expect(checkEmailLoginCooldown(undefined, t0)).toBeUndefined()
    expect(checkEmailLoginCooldown(t0, t0 + 30_000)).toBeUndefined()
  })

  test('behavior: within 30 s the refusal is an EmailLoginCooldownError with the seconds left', () => {
    const refusal = checkEmailLoginCooldown(t0, t0 + 10_001)
    expect(refusal).toBeInstanceOf(EmailLoginCooldownError)
    expect(refusal?.seconds).toBe(20)
    expect(refusal?.shortMessage).toBe('Please try again after 20 seconds')
  })

  test('property: the flow refuses exactly what the check refuses, with the same words', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60_000, max: 60_000 }), (elapsed) => {
        const refusal = checkEmailLoginCooldown(t0, t0 + elapsed)
        const state = emailLoginReducer(initialEmailLoginState({ lastEmailLoginAt: t0 }), {
          type: 'submitEmail',
          email: 'ada@example.com',
          now: t0 + elapsed,
        })
        return refusal
          ? state.status === 'idle' && state.error?.shortMessage === refusal.shortMessage
          : state.status === 'submittingEmail' && state.error === undefined
      }),
    )
  })
})
