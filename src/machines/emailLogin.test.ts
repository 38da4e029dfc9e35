import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { getEmailLoginCooldownSeconds } from '../embeddedWallet/emailLoginCooldown'
import { BaseError } from '../errors/base'
import {
  type EmailLoginEvent,
  type EmailLoginState,
  type EmailLoginStatus,
  emailLoginReducer,
  initialEmailLoginState,
  isEmailLoginBusy,
} from './emailLogin'

function run(events: EmailLoginEvent[], state = initialEmailLoginState()): EmailLoginState {
  let current = state
  for (const event of events) current = emailLoginReducer(current, event)
  return current
}

const t0 = 1_700_000_000_000

describe('login', () => {
  test('default', () => {
    expect(initialEmailLoginState()).toEqual({
      status: 'idle',
      email: undefined,
      newEmail: undefined,
      error: undefined,
      lastEmailLoginAt: undefined,
      attempt: 0,
    })
  })

  test('behavior: email → VERIFY_OTP → code → connecting → connected clears the login time', () => {
    let state = run([{ type: 'submitEmail', email: 'ada@example.com', now: t0 }])
    expect(state).toMatchObject({ status: 'submittingEmail', email: 'ada@example.com', attempt: 1 })
    state = run([{ type: 'emailAccepted', action: 'VERIFY_OTP', now: t0 + 50, attempt: 1 }], state)
    expect(state).toMatchObject({ status: 'verifyOtp', lastEmailLoginAt: t0 + 50 })
    state = run([{ type: 'submitOtp', otp: '123456' }], state)
    expect(state).toMatchObject({ status: 'submittingOtp', attempt: 2 })
    state = run([{ type: 'otpAccepted', attempt: 2 }], state)
    expect(state).toMatchObject({ status: 'connecting', attempt: 3 })
    state = run([{ type: 'connected', attempt: 3 }], state)
    expect(state).toMatchObject({
      status: 'connected',
      email: 'ada@example.com',
      lastEmailLoginAt: undefined,
    })
  })

  test('behavior: VERIFY_DEVICE waits for the device, then asks for the code', () => {
    const state = run([
      { type: 'submitEmail', email: 'ada@example.com', now: t0 },
      { type: 'emailAccepted', action: 'VERIFY_DEVICE', now: t0, attempt: 1 },
    ])
    expect(state).toMatchObject({ status: 'verifyDevice', attempt: 2 })
    expect(run([{ type: 'deviceVerified', attempt: 2 }], state).status).toBe('verifyOtp')
    expect(
      run([{ type: 'failed', error: new BaseError('Timed out'), attempt: 2 }], state),
    ).toMatchObject({
      status: 'error',
      error: { shortMessage: 'Timed out' },
    })
  })

  test('behavior: CONNECT goes straight to connecting', () => {
    const state = run([
      { type: 'submitEmail', email: 'ada@example.com', now: t0 },
      { type: 'emailAccepted', action: 'CONNECT', now: t0, attempt: 1 },
    ])
    expect(state.status).toBe('connecting')
  })

  test('behavior: a wrong code keeps the code view with the message', () => {
    const state = run([
      { type: 'submitEmail', email: 'ada@example.com', now: t0 },
      { type: 'emailAccepted', action: 'VERIFY_OTP', now: t0, attempt: 1 },
      { type: 'submitOtp', otp: '000000' },
      { type: 'failed', error: new BaseError('Invalid code'), attempt: 2 },
    ])
    expect(state).toMatchObject({ status: 'verifyOtp', error: { shortMessage: 'Invalid code' } })
    expect(run([{ type: 'submitOtp', otp: '123456' }], state)).toMatchObject({
      status: 'submittingOtp',
      error: undefined,
    })
  })

  test('behavior: a failed email request is an error and sets no cooldown', () => {
    const state = run([
      { type: 'submitEmail', email: 'ada@example.com', now: t0 },
      { type: 'failed', error: new BaseError('An error occurred'), attempt: 1 },
    ])
    expect(state).toMatchObject({ status: 'error', lastEmailLoginAt: undefined })
    expect(
      run([{ type: 'submitEmail', email: 'ada@example.com', now: t0 + 1 }], state).status,
    ).toBe('submittingEmail')
  })

  test('behavior: results of an older attempt are dropped', () => {
    const state = run([
      { type: 'submitEmail', email: 'ada@example.com', now: t0 },
      { type: 'reset' },
    ])
    expect(run([{ type: 'emailAccepted', action: 'VERIFY_OTP', now: t0, attempt: 1 }], state)).toBe(
      state,
    )
  })
})

describe('cooldown', () => {
  const resend = (state: EmailLoginState, now: number) =>
    emailLoginReducer(state, { type: 'submitEmail', email: 'ada@example.com', now })
  const codeView = run([
    { type: 'submitEmail', email: 'ada@example.com', now: t0 },
    { type: 'emailAccepted', action: 'VERIFY_OTP', now: t0, attempt: 1 },
  ])

  test('behavior: a resend within 30 s is refused with the seconds left, rounded up', () => {
    expect(resend(codeView, t0 + 1)).toMatchObject({
      status: 'verifyOtp',
      error: { shortMessage: 'Please try again after 30 seconds' },
    })
    expect(resend(codeView, t0 + 10_000).error?.shortMessage).toBe(
      'Please try again after 20 seconds',
    )
    expect(resend(codeView, t0 + 10_001).error?.shortMessage).toBe(
      'Please try again after 20 seconds',
    )
    expect(resend(codeView, t0 + 29_999).error?.shortMessage).toBe(
      'Please try again after 1 seconds',
    )
    expect(resend(codeView, t0 + 30_000)).toMatchObject({ status: 'submittingEmail' })
  })

  test('behavior: the stored time survives a reload and a reset', () => {
    const state = initialEmailLoginState({ lastEmailLoginAt: t0 })
    expect(resend(state, t0 + 5_000).error?.shortMessage).toBe('Please try again after 25 seconds')
    expect(resend(run([{ type: 'reset' }], codeView), t0 + 5_000).error?.shortMessage).toBe(
      'Please try again after 25 seconds',
    )
  })

  test('property: refused iff less than 30 s passed; n = ceil(remaining / 1000)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120_000 }), (elapsed) => {
        const next = resend(codeView, t0 + elapsed)
        // 30 s as the SPEC says, written out: the exported constant would agree with anything.
        if (elapsed >= 30_000) return next.status === 'submittingEmail'
        const n = Math.ceil((30_000 - elapsed) / 1000)
        return (
          next.status === 'verifyOtp' &&
          next.error?.shortMessage === `Please try again after ${n} seconds` &&
          n >= 1 &&
          n <= 30
        )
      }),
    )
  })

  test('parameters: a clock that went back counts as just now', () => {
    expect(getEmailLoginCooldownSeconds(t0, t0 - 5_000)).toBe(30)
    expect(getEmailLoginCooldownSeconds(undefined, t0)).toBe(0)
  })
})

describe('email change', () => {
  const start = (state = initialEmailLoginState({ email: 'old@example.com' })) =>
    run([{ type: 'submitNewEmail', email: 'new@example.com' }], state)

  test('behavior: new email → primary OTP → secondary OTP → newEmail', () => {
    let state = start()
    expect(state).toMatchObject({ status: 'submittingNewEmail', newEmail: 'new@example.com' })
    state = run([{ type: 'updateAccepted', action: 'VERIFY_PRIMARY_OTP', attempt: 1 }], state)
    expect(state.status).toBe('verifyPrimaryOtp')
    state = run([{ type: 'submitOtp', otp: '111111' }], state)
    expect(state).toMatchObject({ status: 'submittingPrimaryOtp', attempt: 2 })
    state = run([{ type: 'otpAccepted', attempt: 2 }], state)
    expect(state.status).toBe('verifySecondaryOtp')
    state = run([{ type: 'submitOtp', otp: '222222' }], state)
    expect(state).toMatchObject({ status: 'submittingSecondaryOtp', attempt: 3 })
    state = run([{ type: 'emailUpdated', newEmail: 'new@example.com', attempt: 3 }], state)
    expect(state).toMatchObject({
      status: 'emailUpdated',
      email: 'new@example.com',
      newEmail: undefined,
    })
  })

  test('behavior: VERIFY_SECONDARY_OTP skips the primary code', () => {
    const state = run(
      [{ type: 'updateAccepted', action: 'VERIFY_SECONDARY_OTP', attempt: 1 }],
      start(),
    )
    expect(state.status).toBe('verifySecondaryOtp')
  })

  test('behavior: wrong codes stay on their view; a refused email is an error', () => {
    const primary = run(
      [
        { type: 'updateAccepted', action: 'VERIFY_PRIMARY_OTP', attempt: 1 },
        { type: 'submitOtp', otp: '111111' },
        { type: 'failed', error: new BaseError('Invalid code'), attempt: 2 },
      ],
      start(),
    )
    expect(primary).toMatchObject({
      status: 'verifyPrimaryOtp',
      error: { shortMessage: 'Invalid code' },
    })
    expect(
      run([{ type: 'failed', error: new BaseError('Email in use'), attempt: 1 }], start()),
    ).toMatchObject({
      status: 'error',
      email: 'old@example.com',
      newEmail: undefined,
    })
  })

  test('behavior: not while a login is in flight', () => {
    const state = run([{ type: 'submitEmail', email: 'ada@example.com', now: t0 }])
    expect(run([{ type: 'submitNewEmail', email: 'new@example.com' }], state)).toBe(state)
  })
})

const statuses: EmailLoginStatus[] = [
  'idle',
  'submittingEmail',
  'verifyDevice',
  'verifyOtp',
  'submittingOtp',
  'connecting',
  'connected',
  'submittingNewEmail',
  'verifyPrimaryOtp',
  'submittingPrimaryOtp',
  'verifySecondaryOtp',
  'submittingSecondaryOtp',
  'emailUpdated',
  'error',
]

const eventArbitrary = (attempt: fc.Arbitrary<number>): fc.Arbitrary<EmailLoginEvent> => {
  const now = fc.integer({ min: t0, max: t0 + 200_000 })
  const email = fc.constantFrom('ada@example.com', 'bob@example.com')
  return fc.oneof(
    fc.record({ type: fc.constant('submitEmail' as const), email, now }),
    fc.record({
      type: fc.constant('emailAccepted' as const),
      action: fc.constantFrom('VERIFY_DEVICE' as const, 'VERIFY_OTP' as const, 'CONNECT' as const),
      now,
      attempt,
    }),
    fc.record({ type: fc.constant('deviceVerified' as const), attempt }),
    fc.record({ type: fc.constant('submitOtp' as const), otp: fc.constant('123456') }),
    fc.record({ type: fc.constant('otpAccepted' as const), attempt }),
    fc.record({ type: fc.constant('connected' as const), attempt }),
    fc.record({ type: fc.constant('submitNewEmail' as const), email }),
    fc.record({
      type: fc.constant('updateAccepted' as const),
      action: fc.constantFrom('VERIFY_PRIMARY_OTP' as const, 'VERIFY_SECONDARY_OTP' as const),
      attempt,
    }),
    fc.record({ type: fc.constant('emailUpdated' as const), newEmail: email, attempt }),
    fc.record({
      type: fc.constant('failed' as const),
      error: fc.constant(new BaseError('Nope')),
      attempt,
    }),
    fc.record({ type: fc.constant('reset' as const) }),
  )
}

// Result events name the current attempt most of the time, so sequences get somewhere.
function withCurrentAttempts(events: EmailLoginEvent[], stale: boolean[]): EmailLoginState[] {
  const states = [initialEmailLoginState()]
  events.forEach((event, index) => {
    const state = states[states.length - 1] as EmailLoginState
    const next = 'attempt' in event && !stale[index] ? { ...event, attempt: state.attempt } : event
    states.push(emailLoginReducer(state, next))
  })
  return states
}

describe('properties', () => {
  const sequences = fc.tuple(
    fc.array(eventArbitrary(fc.integer({ min: 0, max: 20 })), { maxLength: 40 }),
    fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
  )

  test('property: never throws; status stays known; attempt never goes down', () => {
    fc.assert(
      fc.property(sequences, ([events, stale]) => {
        const states = withCurrentAttempts(events, stale)
        for (let index = 1; index < states.length; index++) {
          const prev = states[index - 1] as EmailLoginState
          const next = states[index] as EmailLoginState
          expect(statuses).toContain(next.status)
          expect(next.attempt).toBeGreaterThanOrEqual(prev.attempt)
        }
      }),
    )
  })

  test('property: a result for another attempt changes nothing', () => {
    fc.assert(
      fc.property(sequences, eventArbitrary(fc.constant(-1)), ([events, stale], late) => {
        const states = withCurrentAttempts(events, stale)
        const state = states[states.length - 1] as EmailLoginState
        if (!('attempt' in late)) return
        expect(emailLoginReducer(state, { ...late, attempt: state.attempt + 1 })).toBe(state)
      }),
    )
  })

  test('property: the login time is set only by an accepted email and cleared only by a login', () => {
    fc.assert(
      fc.property(sequences, ([events, stale]) => {
        const states = withCurrentAttempts(events, stale)
        for (let index = 1; index < states.length; index++) {
          const prev = states[index - 1] as EmailLoginState
          const next = states[index] as EmailLoginState
          if (prev.lastEmailLoginAt === next.lastEmailLoginAt) continue
          if (next.lastEmailLoginAt === undefined) expect(next.status).toBe('connected')
          else expect(next.status).toMatch(/^(verifyDevice|verifyOtp|connecting)$/)
        }
      }),
    )
  })

  test('property: no second email login starts within 30 s of an accepted one', () => {
    fc.assert(
      fc.property(sequences, ([events, stale]) => {
        const states = withCurrentAttempts(events, stale)
        const times = events.map((event) => ('now' in event ? event.now : undefined))
        for (let index = 1; index < states.length; index++) {
          const prev = states[index - 1] as EmailLoginState
          const next = states[index] as EmailLoginState
          const now = times[index - 1]
          if (next.status !== 'submittingEmail' || prev.status === 'submittingEmail') continue
          if (prev.lastEmailLoginAt !== undefined && now !== undefined)
            expect(now - prev.lastEmailLoginAt).toBeGreaterThanOrEqual(30_000)
        }
      }),
    )
  })

  test('property: an email change ends with the new email only after both codes', () => {
    fc.assert(
      fc.property(sequences, ([events, stale]) => {
        const states = withCurrentAttempts(events, stale)
        for (let index = 1; index < states.length; index++) {
          const prev = states[index - 1] as EmailLoginState
          const next = states[index] as EmailLoginState
          if (next.status === 'emailUpdated' && prev.status !== 'emailUpdated')
            expect(prev.status).toBe('submittingSecondaryOtp')
          if (next.status === 'connected' && prev.status !== 'connected')
            expect(prev.status).toBe('connecting')
        }
      }),
    )
  })

  test('property: busy statuses are exactly those waiting on an effect', () => {
    expect(statuses.filter(isEmailLoginBusy)).toEqual([
      'submittingEmail',
      'verifyDevice',
      'submittingOtp',
      'connecting',
      'submittingNewEmail',
      'submittingPrimaryOtp',
      'submittingSecondaryOtp',
    ])
  })
})
