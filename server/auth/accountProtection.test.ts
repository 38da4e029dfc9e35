import { afterEach, describe, expect, test } from 'vitest'
import { deviceNonceHeader, deviceProofHeader } from '../../src/deviceProof/deviceProofConstants'
import {
  type ApiAnswer,
  startTestServer,
  type TestServer,
} from '../../test/harness/startTestServer'
import type { LatchkeyServerOptions } from '../options'

// Issue 8, items 10–13: what anyone on the network could do to accounts. Every request here
// goes to a real server (SQLite file, SMTP sink); "from" is the X-Forwarded-For hop a trusted
// proxy (the loopback socket) reports.

let t: TestServer
afterEach(async () => {
  await t?.close()
})

const victim = 'victim@example.test'
const victimDevice = 'device-victim-aaaaaaaaaaaa'
const minute = 60_000

async function start(options: LatchkeyServerOptions = {}) {
  t = await startTestServer({ trustProxy: true, ...options })
  return t
}

/** An unauthenticated POST from `address` (the proxy's X-Forwarded-For). */
async function postFrom(
  address: string,
  path: string,
  body: unknown,
  proof?: string,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': address,
  }
  if (proof) headers[deviceProofHeader] = proof
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** Asks a login code for (email, device) and reads it from the mail. */
async function codeFor(email: string, deviceId: string, from = '198.51.100.1'): Promise<string> {
  const after = t.sink.mails.length
  const answer = await postFrom(from, '/v1/connect-email', { email, deviceId })
  expect(answer).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
  return t.sink.waitForCode(email, { after })
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

/**
 * Checks a login code from client address `from`: the one place this file calls connect-otp
 * (adapt it here when a login needs more than the code, e.g. a device key).
 */
async function guess(email: string, deviceId: string, otp: string, from = '198.51.100.1') {
  const body = { email, deviceId, otp }
  const key = await t.createDeviceKey()
  const send = async (nonce?: string) => {
    const text = JSON.stringify(body)
    const path = '/v1/connect-otp'
    return postFrom(
      from,
      path,
      body,
      await t.proof(key, { method: 'POST', path, body: text, nonce }),
    )
  }
  const answer = await send()
  // As the frame does: one retry with a fresh nonce when the clock moved past the last one.
  if (errorName(answer) !== 'DeviceProofNonceError') return answer
  return send(answer.headers.get(deviceNonceHeader) ?? undefined)
}

const errorName = (answer: ApiAnswer) => (answer.body.error as { name?: string } | undefined)?.name

describe('item 10: failed-code budget per email, across codes', () => {
  test('behavior: concurrent wrong guesses across five codes stay within the budget of 10', async () => {
    await start()
    const devices = Array.from({ length: 5 }, (_, i) => `device-guesser-${i}-aaaaaaaa`)
    const codes: string[] = []
    for (const device of devices) codes.push(await codeFor(victim, device))
    // 25 wrong guesses at once (5 per code: each code's own limit is not what stops them).
    const answers = await Promise.all(
      devices.flatMap((device, i) =>
        Array.from({ length: 5 }, () => guess(victim, device, wrongFor(codes[i] ?? ''))),
      ),
    )
    const compared = answers.filter((answer) => answer.status !== 429)
    expect(compared.length).toBeLessThanOrEqual(10)
    expect(compared.every((answer) => answer.status === 400)).toBe(true)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused.length).toBeGreaterThanOrEqual(15)
    expect(refused.every((answer) => errorName(answer) === 'RateLimitedError')).toBe(true)
    // Even the right code of an untouched device is refused while the email is locked.
    const fresh = 'device-guesser-fresh-aaaaa'
    const right = await codeFor(victim, fresh)
    expect((await guess(victim, fresh, right)).status).toBe(429)
  })

  test('behavior: a burst straddling a window edge stays within one budget (sliding window)', async () => {
    await start({ rateLimits: { checksPerAddress: { limit: 1_000, windowMs: 10 * minute } } })
    // Just before a round hour, where a fixed hourly window would restart.
    t.clock.advance(60 * minute - 5_000)
    const devices = ['device-edge-1-aaaaaaaaaa', 'device-edge-2-aaaaaaaaaa']
    for (const device of devices) {
      const wrong = wrongFor(await codeFor(victim, device))
      for (let i = 0; i < 5; i++) expect((await guess(victim, device, wrong)).status).toBe(400)
    }
    t.clock.advance(10_000)
    const device = 'device-edge-3-aaaaaaaaaa'
    const wrong = wrongFor(await codeFor(victim, device))
    const after = await guess(victim, device, wrong)
    expect(after.status).toBe(429)
  })

  test('behavior: the lockout escalates (1 min, 5 min, 15 min), ends, and a new code does not reset it', async () => {
    await start({
      rateLimits: {
        checksPerAddress: { limit: 1_000, windowMs: 10 * minute },
        codesPerAddress: { limit: 1_000, windowMs: 10 * minute },
      },
    })
    let n = 0
    // Ten wrong guesses on fresh codes (two devices, five each).
    const failTen = async () => {
      for (let d = 0; d < 2; d++) {
        const device = `device-lock-${n++}-aaaaaaaaaa`
        const wrong = wrongFor(await codeFor(victim, device))
        for (let i = 0; i < 5; i++) expect((await guess(victim, device, wrong)).status).toBe(400)
      }
    }
    const lockedFor = async () => {
      const device = `device-lock-${n++}-aaaaaaaaaa`
      const right = await codeFor(victim, device)
      const answer = await guess(victim, device, right)
      expect(answer.status).toBe(429)
      const { retryAfter } = answer.body.error as { retryAfter: number }
      expect(answer.headers.get('retry-after')).toBe(String(retryAfter))
      return { device, right, retryAfter }
    }

    await failTen()
    const first = await lockedFor()
    expect(first.retryAfter).toBe(60)
    t.clock.advance(60 * 1000)
    // Over: the code sent during the lockout works now.
    expect((await guess(victim, first.device, first.right)).status).toBe(200)

    await failTen()
    expect((await lockedFor()).retryAfter).toBe(5 * 60)
    t.clock.advance(5 * minute)
    await failTen()
    const third = await lockedFor()
    expect(third.retryAfter).toBe(15 * 60)
    t.clock.advance(15 * minute - 1_000)
    expect((await guess(victim, third.device, third.right)).status).toBe(429)
    t.clock.advance(1_000)
    // That code has expired meanwhile (10 minutes); a new one works.
    const again = await codeFor(victim, third.device)
    expect((await guess(victim, third.device, again)).status).toBe(200)
  })
})

describe('item 11: a stranger cannot replace or use up the victim’s code', () => {
  test('behavior: codes asked from another device neither replace nor exhaust the victim’s', async () => {
    await start()
    const code = await codeFor(victim, victimDevice, '203.0.113.10')
    // The attacker asks for codes again and again, from its own device and address.
    const attacker = Array.from({ length: 8 }, () =>
      postFrom('198.51.100.66', '/v1/connect-email', {
        email: victim,
        deviceId: 'device-attacker-aaaaaaaaa',
      }),
    )
    const statuses = (await Promise.all(attacker)).map((answer) => answer.status)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0)
    // The victim's device still gets a code, and the first one was not replaced by the attacker's.
    expect((await guess(victim, victimDevice, code, '203.0.113.10')).status).toBe(200)
    expect((await codeFor(victim, victimDevice, '203.0.113.10')).length).toBe(6)
  })

  test('behavior: strangers hitting the per-email cap from many devices and addresses do not stop a verified device', async () => {
    await start()
    await t.login(victim, victimDevice)
    const statuses = []
    for (let i = 0; i < 35; i++)
      statuses.push(
        (
          await postFrom(`198.51.100.${i + 1}`, '/v1/connect-email', {
            email: victim,
            deviceId: `device-stranger-${i}-aaaaaaa`,
          })
        ).status,
      )
    // The mail-bomb cap: 30 codes an hour to devices not verified for the email (the victim's
    // first login, before its device was verified, was one of them).
    expect(statuses.slice(0, 29).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(29).every((status) => status === 429)).toBe(true)
    const otp = await codeFor(victim, victimDevice, '203.0.113.10')
    expect((await guess(victim, victimDevice, otp, '203.0.113.10')).status).toBe(200)
  })

  test('behavior: five codes a device per 10 minutes, counted in a sliding window', async () => {
    await start()
    t.clock.advance(10 * minute - 2_000)
    for (let i = 0; i < 5; i++)
      expect(
        (
          await postFrom('203.0.113.10', '/v1/connect-email', {
            email: victim,
            deviceId: victimDevice,
          })
        ).status,
      ).toBe(200)
    // Past the edge of a fixed 10-minute window: still five within the last ten minutes.
    t.clock.advance(4_000)
    const sixth = await postFrom('203.0.113.10', '/v1/connect-email', {
      email: victim,
      deviceId: victimDevice,
    })
    expect(sixth.status).toBe(429)
    expect(sixth.body.error).toMatchObject({ retryAfter: 10 * 60 - 4 })
  })
})

describe('item 12: the same answers for known and unknown emails', () => {
  const shape = (answer: ApiAnswer) => ({
    status: answer.status,
    body: answer.body,
    // Every header, with the values that differ per answer by design (the time, the request's
    // own id) reduced to whether they are there.
    headers: [...answer.headers.entries()].map(([name, value]) =>
      name === 'date' || name === 'x-request-id' ? [name, value !== ''] : [name, value],
    ),
  })

  test('behavior: connect-email answers a known email on a new device like an unknown one, and mails the same', async () => {
    await start()
    await t.login(victim, victimDevice)
    let after = t.sink.mails.length
    const known = await postFrom('203.0.113.20', '/v1/connect-email', {
      email: victim,
      deviceId: 'device-new-phone-aaaaaaaa',
    })
    const knownMail = await t.sink.waitForMail(victim, { after })
    after = t.sink.mails.length
    const unknown = await postFrom('203.0.113.20', '/v1/connect-email', {
      email: 'nobody@example.test',
      deviceId: 'device-new-phone-aaaaaaaa',
    })
    const unknownMail = await t.sink.waitForMail('nobody@example.test', { after })
    expect(shape(known)).toEqual(shape(unknown))
    expect(known.body).toEqual({ action: 'VERIFY_OTP' })
    expect(knownMail.subject.replace(/\d{6}/, 'N')).toBe(unknownMail.subject.replace(/\d{6}/, 'N'))
    // The code logs the known user in on the new device (it proved access to the email).
    const otp = await t.sink.waitForCode(victim, { after: 0 })
    const login = await guess(victim, 'device-new-phone-aaaaaaaa', otp, '203.0.113.20')
    expect(login.status).toBe(200)
  })

  test('behavior: update-email answers a registered new email like a free one until both codes are proven', async () => {
    await start()
    const credential = await t.login('me@example.test', 'device-me-aaaaaaaaaaaaa')
    await t.login('taken@example.test', 'device-other-aaaaaaaaaa')
    const steps = async (newEmail: string) => {
      let after = t.sink.mails.length
      const first = await t.post('/v1/update-email', { email: newEmail }, credential)
      const primary = await t.sink.waitForCode('me@example.test', { after })
      after = t.sink.mails.length
      const second = await t.post('/v1/update-email/primary-otp', { otp: primary }, credential)
      const secondary = await t.sink.waitForCode(newEmail, { after })
      return { first, second, secondary }
    }
    const free = await steps('free@example.test')
    const taken = await steps('taken@example.test')
    expect(shape(taken.first)).toEqual(shape(free.first))
    expect(shape(taken.second)).toEqual(shape(free.second))
    expect(taken.first.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(taken.second.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    // Only the owner of both addresses learns that the new one is in use.
    const done = await t.post(
      '/v1/update-email/secondary-otp',
      { otp: taken.secondary },
      credential,
    )
    expect(done).toMatchObject({ status: 409, body: { error: { name: 'EmailInUseError' } } })
  })
})

describe('item 13: sessions end with an email change and on sign out everywhere', () => {
  test('behavior: an email change revokes every other session of the user; the changing one stays', async () => {
    await start()
    const laptop = await t.login('me@example.test', 'device-laptop-aaaaaaaaaa')
    const phone = await t.login('me@example.test', 'device-phone-aaaaaaaaaaa')
    const stranger = await t.login('other@example.test', 'device-stranger-aaaaaaaa')
    expect((await t.get('/v1/user', phone)).status).toBe(200)
    let after = t.sink.mails.length
    await t.post('/v1/update-email', { email: 'me2@example.test' }, laptop)
    const primary = await t.sink.waitForCode('me@example.test', { after })
    after = t.sink.mails.length
    await t.post('/v1/update-email/primary-otp', { otp: primary }, laptop)
    const secondary = await t.sink.waitForCode('me2@example.test', { after })
    const done = await t.post('/v1/update-email/secondary-otp', { otp: secondary }, laptop)
    expect(done.body).toEqual({ newEmail: 'me2@example.test' })
    const revoked = await t.get('/v1/user', phone)
    expect(revoked).toMatchObject({ status: 401, body: { error: { name: 'InvalidSessionError' } } })
    expect((await t.get('/v1/user', laptop)).body).toMatchObject({ email: 'me2@example.test' })
    expect((await t.get('/v1/user', stranger)).status).toBe(200)
  })

  test('behavior: sign out everywhere ends every session of the user, the caller’s too', async () => {
    await start()
    const laptop = await t.login('me@example.test', 'device-laptop-aaaaaaaaaa')
    const phone = await t.login('me@example.test', 'device-phone-aaaaaaaaaaa')
    const stranger = await t.login('other@example.test', 'device-stranger-aaaaaaaa')
    const answer = await t.post('/v1/sign-out-everywhere', {}, phone)
    expect(answer).toMatchObject({ status: 200, body: { success: true, revoked: 2 } })
    expect((await t.get('/v1/user', laptop)).status).toBe(401)
    expect((await t.get('/v1/user', phone)).status).toBe(401)
    expect((await t.get('/v1/user', stranger)).status).toBe(200)
    expect((await t.post('/v1/sign-out-everywhere', {})).status).toBe(401)
  })
})
