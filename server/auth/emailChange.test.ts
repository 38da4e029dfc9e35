import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(async () => {
  await t.close()
})

const oldEmail = 'old@example.test'
const newEmail = 'new@example.test'

describe('update email', () => {
  test('default: new email, primary OTP to the old address, secondary OTP to the new one → newEmail', async () => {
    const token = await t.login(oldEmail)
    const { address } = (await t.get('/v1/user', token)).body

    let after = t.sink.mails.length
    const started = await t.post('/v1/update-email', { email: newEmail }, token)
    expect(started.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primaryMail = await t.sink.waitForMail(oldEmail, { after })
    expect(primaryMail.subject).toMatch(/^Confirm your email change: \d{6}$/)
    const primary = await t.sink.waitForCode(oldEmail, { after })

    after = t.sink.mails.length
    const second = await t.post('/v1/update-email/primary-otp', { otp: primary }, token)
    expect(second.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await t.sink.waitForCode(newEmail, { after })
    expect(t.sink.mails.slice(after).every((mail) => mail.to.includes(newEmail))).toBe(true)

    const done = await t.post('/v1/update-email/secondary-otp', { otp: secondary }, token)
    expect(done.body).toEqual({ newEmail })

    const user = await t.get('/v1/user', token)
    expect(user.body).toMatchObject({ email: newEmail, address })
    // The old address no longer names the account: it would be a new user.
    expect(
      (await t.post('/v1/connect-email', { email: oldEmail, deviceId: 'device-cccccccccccccccc' }))
        .body,
    ).toEqual({ action: 'VERIFY_OTP' })
  })

  test('behavior: the secondary step needs the primary one first', async () => {
    const token = await t.login(oldEmail)
    await t.post('/v1/update-email', { email: newEmail }, token)
    const skipped = await t.post('/v1/update-email/secondary-otp', { otp: '123456' }, token)
    expect(skipped.body).toMatchObject({ error: { name: 'InvalidOtpError' } })
  })

  test('behavior: the primary code of one user does not work for another', async () => {
    const alice = await t.login(oldEmail)
    const bob = await t.login('bob@example.test', 'device-dddddddddddddddd')
    const after = t.sink.mails.length
    await t.post('/v1/update-email', { email: newEmail }, alice)
    const code = await t.sink.waitForCode(oldEmail, { after })
    const stolen = await t.post('/v1/update-email/primary-otp', { otp: code }, bob)
    expect(stolen.body).toMatchObject({ error: { name: 'InvalidOtpError' } })
  })

  test('behavior: an email another account uses is refused once both codes are proven', async () => {
    const token = await t.login(oldEmail)
    await t.login(newEmail, 'device-eeeeeeeeeeeeeeee')
    let after = t.sink.mails.length
    const started = await t.post('/v1/update-email', { email: newEmail }, token)
    expect(started.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await t.sink.waitForCode(oldEmail, { after })
    after = t.sink.mails.length
    await t.post('/v1/update-email/primary-otp', { otp: primary }, token)
    const secondary = await t.sink.waitForCode(newEmail, { after })
    const taken = await t.post('/v1/update-email/secondary-otp', { otp: secondary }, token)
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({
      error: { name: 'EmailInUseError', message: 'This email is already in use' },
    })
  })

  test('behavior: without a session, 401', async () => {
    const answer = await t.post('/v1/update-email', { email: newEmail })
    expect(answer.status).toBe(401)
  })
})
