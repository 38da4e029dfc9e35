import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer, testDeviceId } from '../../test/harness/startTestServer'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(async () => {
  await t.close()
})

const email = 'alice@example.test'
const otherDevice = 'device-bbbbbbbbbbbbbbbb'

describe('connect email', () => {
  test('default: a new email gets VERIFY_OTP, the mailed code gives a token and a wallet user', async () => {
    const answer = await t.post('/v1/connect-email', {
      email: ' Alice@Example.test ',
      deviceId: testDeviceId,
    })
    expect(answer).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
    const mail = await t.sink.waitForMail(email)
    expect(mail.subject).toMatch(/^Your login code: \d{6}$/)
    expect(mail.body).toContain('text/html')
    const otp = await t.sink.waitForCode(email)
    const key = await t.createDeviceKey()
    const connected = await t.post<{ token: string }>(
      '/v1/connect-otp',
      { email, deviceId: testDeviceId, otp },
      key,
    )
    expect(connected.status).toBe(200)
    expect(connected.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const user = await t.get('/v1/user?chainId=56', { token: connected.body.token, key })
    expect(user.status).toBe(200)
    expect(user.body).toMatchObject({ email, chainId: 56, preferredAccountType: 'eoa' })
    expect(user.body.accounts).toEqual([{ address: user.body.address, type: 'eoa' }])
    expect(user.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  test('behavior: CONNECT when the device sends its live session token for that email', async () => {
    const token = await t.login(email)
    const again = await t.post('/v1/connect-email', { email, deviceId: testDeviceId }, token)
    expect(again.body).toEqual({ action: 'CONNECT' })
    const otherEmail = await t.post(
      '/v1/connect-email',
      { email: 'bob@example.test', deviceId: testDeviceId },
      token,
    )
    expect(otherEmail.body).toEqual({ action: 'VERIFY_OTP' })
  })

  test('behavior: a known user on the same device without a session gets VERIFY_OTP', async () => {
    await t.login(email)
    const again = await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    expect(again.body).toEqual({ action: 'VERIFY_OTP' })
  })

  test('behavior: invalid email and device id are refused with 400', async () => {
    const bad = await t.post('/v1/connect-email', { email: 'nope', deviceId: testDeviceId })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: { name: 'InvalidRequestError' } })
    const short = await t.post('/v1/connect-email', { email, deviceId: 'x' })
    expect(short.status).toBe(400)
  })

  test('behavior: a non-JSON body is refused (cross-origin simple posts cannot reach the API)', async () => {
    const response = await fetch(`${t.url}/v1/connect-email`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email, deviceId: testDeviceId }),
    })
    expect(response.status).toBe(400)
    expect(t.sink.mails).toHaveLength(0)
  })
})

describe('one-time codes', () => {
  test('behavior: a code expires after 10 minutes', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email)
    t.clock.advance(10 * 60_000)
    const late = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp })
    expect(late.status).toBe(400)
    expect(late.body).toMatchInlineSnapshot(`
      {
        "error": {
          "message": "The code has expired. Please request a new one.",
          "name": "OtpExpiredError",
        },
      }
    `)
  })

  test('behavior: a code still works just before expiry, and only once', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email)
    t.clock.advance(10 * 60_000 - 1)
    const ok = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp })
    expect(ok.status).toBe(200)
    const reused = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp })
    expect(reused.body).toMatchObject({
      error: { name: 'InvalidOtpError', message: 'Invalid code' },
    })
  })

  test('behavior: after 5 wrong attempts the right code no longer works', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email)
    const wrong = otp === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        (await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp: wrong })).body,
      )
    expect(answers.map((answer) => answer.error)).toEqual([
      { name: 'InvalidOtpError', message: 'Invalid code', attemptsLeft: 4 },
      { name: 'InvalidOtpError', message: 'Invalid code', attemptsLeft: 3 },
      { name: 'InvalidOtpError', message: 'Invalid code', attemptsLeft: 2 },
      { name: 'InvalidOtpError', message: 'Invalid code', attemptsLeft: 1 },
      {
        name: 'OtpAttemptsExceededError',
        message: 'Too many wrong attempts. Please request a new code.',
      },
    ])
    const right = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp })
    expect(right.status).toBe(400)
    expect(right.body).toMatchObject({ error: { name: 'OtpAttemptsExceededError' } })
  })

  test('behavior: parallel wrong guesses cannot exceed the attempt limit', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email)
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter(
      (guess) => guess !== otp,
    )
    await Promise.all(
      guesses.map((guess) =>
        t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp: guess }),
      ),
    )
    // The code is used up, and the email's failed-code budget (10) is spent too.
    const right = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp })
    expect(right.status).not.toBe(200)
    expect(right.body).toMatchObject({
      error: { name: expect.stringMatching(/^(OtpAttemptsExceededError|RateLimitedError)$/) },
    })
  })

  test('behavior: a code sent for one device does not log in another', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const otp = await t.sink.waitForCode(email)
    const other = await t.post('/v1/connect-otp', { email, deviceId: otherDevice, otp })
    expect(other.body).toMatchObject({ error: { name: 'InvalidOtpError' } })
  })

  test('behavior: a new code replaces the previous one', async () => {
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const first = await t.sink.waitForCode(email)
    await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    const second = await t.sink.waitForCode(email, { after: 1 })
    if (first !== second) {
      const old = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp: first })
      expect(old.status).toBe(400)
    }
    const ok = await t.post('/v1/connect-otp', { email, deviceId: testDeviceId, otp: second })
    expect(ok.status).toBe(200)
  })
})

describe('rate limits', () => {
  test('behavior: the 6th code for one email within 10 minutes gets 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.post('/v1/connect-email', { email, deviceId: testDeviceId })).status).toBe(
        200,
      )
    t.clock.advance(60_000)
    const limited = await t.post('/v1/connect-email', { email, deviceId: testDeviceId })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({
      error: { name: 'RateLimitedError', retryAfter: expect.any(Number) },
    })
    const { retryAfter } = limited.body.error as { retryAfter: number }
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(540)
    expect(limited.headers.get('retry-after')).toBe(String(retryAfter))
    expect((limited.body.error as { message: string }).message).toBe(
      `Please try again after ${retryAfter} seconds`,
    )
    expect(t.sink.mails).toHaveLength(5)
    t.clock.advance(retryAfter * 1000)
    expect((await t.post('/v1/connect-email', { email, deviceId: testDeviceId })).status).toBe(200)
  })

  test('behavior: one client address is limited across emails', async () => {
    const statuses = []
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await t.post('/v1/connect-email', { email: `u${i}@example.test`, deviceId: testDeviceId }))
          .status,
      )
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})

describe('device verification', () => {
  test('behavior: a known user on a new device gets VERIFY_OTP; the login code verifies the device', async () => {
    await t.login(email)
    const before = t.sink.mails.length
    const answer = await t.post('/v1/connect-email', { email, deviceId: otherDevice })
    expect(answer.body).toEqual({ action: 'VERIFY_OTP' })
    const mail = await t.sink.waitForMail(email, { after: before })
    expect(mail.subject).toMatch(/^Your login code: \d{6}$/)
    const otp = await t.sink.waitForCode(email, { after: before })
    const key = await t.createDeviceKey()
    const connected = await t.post<{ token: string }>(
      '/v1/connect-otp',
      { email, deviceId: otherDevice, otp },
      key,
    )
    expect(connected.status).toBe(200)
    const user = await t.get('/v1/user', { token: connected.body.token, key })
    expect(user.body).toMatchObject({ email })
  })

  test('behavior: connect-device (older frames) answers like connect-email and mails a login code', async () => {
    const before = t.sink.mails.length
    const answer = await t.post('/v1/connect-device', { email, deviceId: otherDevice })
    expect(answer.body).toEqual({ action: 'VERIFY_OTP' })
    expect((await t.sink.waitForMail(email, { after: before })).subject).toMatch(
      /^Your login code: \d{6}$/,
    )
    // No device link page any more.
    expect((await fetch(`${t.url}/v1/verify-device`)).status).toBe(404)
  })
})

describe('session', () => {
  test('behavior: is-connected and sign-out', async () => {
    const token = await t.login(email)
    expect((await t.get('/v1/is-connected', token)).body).toEqual({ isConnected: true })
    expect((await t.get('/v1/is-connected')).body).toEqual({ isConnected: false })
    expect((await t.post('/v1/sign-out', {}, token)).body).toEqual({ success: true })
    expect((await t.get('/v1/is-connected', token)).body).toEqual({ isConnected: false })
    const user = await t.get('/v1/user', token)
    expect(user.status).toBe(401)
    expect(user.body).toMatchObject({
      error: { name: 'InvalidSessionError', message: 'Invalid session', code: 4100 },
    })
  })

  test('behavior: a session expires after 30 days', async () => {
    const token = await t.login(email)
    t.clock.advance(30 * 24 * 60 * 60_000)
    expect((await t.get('/v1/user', token)).status).toBe(401)
  })

  test('behavior: smart accounts are refused with a typed error; networks are []', async () => {
    const token = await t.login(email)
    expect((await t.get('/v1/smart-account-networks')).body).toEqual([])
    const eoa = await t.post('/v1/preferred-account', { type: 'eoa' }, token)
    expect(eoa.body).toEqual({ type: 'eoa' })
    const smart = await t.post('/v1/preferred-account', { type: 'smartAccount' }, token)
    expect(smart.status).toBe(400)
    expect(smart.body).toMatchObject({
      error: {
        name: 'SmartAccountNotSupportedError',
        message: 'This application might not support Smart Accounts',
      },
    })
  })
})
