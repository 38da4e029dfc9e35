import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { assert, attest, createSoftPasskey, type SoftPasskey } from '../../test/harness/softPasskey'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

// Passkeys against the real server (SQLite file, @simplewebauthn/server): a software
// authenticator makes the WebAuthn bytes, so the challenge and counter rules run for real.

const origin = 'https://wallet.example'
const rpId = 'wallet.example'
type Options = { challenge: string; rp?: { id: string }; rpId?: string }
type ErrorBody = { error: { name: string; message: string; reason?: string } }

describe('passkeys', () => {
  let server: TestServer
  beforeAll(async () => {
    // Passkey mechanics: the second-factor policy on them (on by default) is proven through the
    // frame in test/e2e/frameFactors.test.ts and test/e2e/framePasskey.test.ts.
    server = await startTestServer({ passkeys: { origin }, secondFactor: { loginMethods: false } })
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A signed-in user with a registered passkey. */
  async function registered(email: string, passkey = createSoftPasskey(rpId, origin)) {
    const credential = await server.login(email)
    const options = await server.post<Options>('/v1/passkey/register/options', {}, credential)
    expect(options.status).toBe(200)
    const answer = await server.post(
      '/v1/passkey/register',
      {
        response: attest(passkey, options.body.challenge),
      },
      credential,
    )
    expect(answer.body).toEqual({ credentialId: passkey.credentialId, prf: true })
    return { credential, passkey }
  }

  /** A passkey sign-in from a new device key: options, then the assertion `answer` makes. */
  async function signIn(
    passkey: SoftPasskey,
    answer: (challenge: string) => unknown = (challenge) => assert(passkey, challenge),
  ) {
    const key = await server.createDeviceKey()
    const options = await server.post<Options>('/v1/passkey/login/options', {}, key)
    const response = answer(options.body.challenge)
    const login = await server.post<{ token?: string } & Partial<ErrorBody>>(
      '/v1/passkey/login',
      { response, deviceId: 'device-passkey-000000' },
      key,
    )
    return { key, options, response, login }
  }

  test('default: a signed-in user registers a passkey; the passkey alone signs in, bound to the device key', async () => {
    const { credential, passkey } = await registered('pk-default@example.com')
    const listed = await server.get<{ passkeys: { credentialId: string; prf: boolean }[] }>(
      '/v1/passkeys',
      credential,
    )
    expect(listed.body.passkeys).toMatchObject([{ credentialId: passkey.credentialId, prf: true }])

    const { key, options, login } = await signIn(passkey)
    // Discoverable: no credential list; the RP is the wallet origin's host, UV required.
    expect(options.body).toMatchObject({ rpId, userVerification: 'required', allowCredentials: [] })
    const token = login.body.token as string
    expect(typeof token).toBe('string')
    const user = await server.get<{ email: string }>('/v1/sealed-wallet', { token, key })
    expect(user.status).toBe(200)
    // The token is bound to the proof's key: another key cannot use it.
    const other = await server.createDeviceKey()
    const stolen = await server.get<ErrorBody>('/v1/sealed-wallet', { token, key: other })
    expect(stolen.status).toBe(401)
    expect(stolen.body.error.name).toBe('InvalidDeviceProofError')
  })

  test('behavior: a replayed assertion is refused (its challenge was used)', async () => {
    const { passkey } = await registered('pk-replay@example.com')
    const first = await signIn(passkey)
    expect(first.login.status).toBe(200)
    const replay = await server.post<ErrorBody>(
      '/v1/passkey/login',
      { response: first.response, deviceId: 'device-passkey-000000' },
      first.key,
    )
    expect(replay.status).toBe(400)
    expect(replay.body.error.name).toBe('PasskeyChallengeError')
    // From another device key too.
    const thief = await server.createDeviceKey()
    const stolen = await server.post<ErrorBody>(
      '/v1/passkey/login',
      { response: first.response, deviceId: 'device-passkey-000000' },
      thief,
    )
    expect(stolen.body.error.name).toBe('PasskeyChallengeError')
  })

  test('behavior: a challenge expires, is bound to the device key that asked, and to its step', async () => {
    const { credential, passkey } = await registered('pk-challenge@example.com')
    const expired = await signIn(passkey, (challenge) => {
      server.clock.advance(121_000)
      return assert(passkey, challenge)
    })
    expect(expired.login.body.error?.name).toBe('PasskeyChallengeError')

    // Asked by one device key, answered with another.
    const asker = await server.createDeviceKey()
    const options = await server.post<Options>('/v1/passkey/login/options', {}, asker)
    const other = await server.createDeviceKey()
    const crossed = await server.post<ErrorBody>(
      '/v1/passkey/login',
      { response: assert(passkey, options.body.challenge), deviceId: 'device-passkey-000000' },
      other,
    )
    expect(crossed.body.error.name).toBe('PasskeyChallengeError')
    // Taken once even when refused: the right key cannot use it afterwards.
    const late = await server.post<ErrorBody>(
      '/v1/passkey/login',
      { response: assert(passkey, options.body.challenge), deviceId: 'device-passkey-000000' },
      asker,
    )
    expect(late.body.error.name).toBe('PasskeyChallengeError')

    // A registration challenge does not sign in.
    const registration = await server.post<Options>('/v1/passkey/register/options', {}, credential)
    const wrongStep = await server.post<ErrorBody>(
      '/v1/passkey/login',
      { response: assert(passkey, registration.body.challenge), deviceId: 'device-passkey-000000' },
      credential.key,
    )
    expect(wrongStep.body.error.name).toBe('PasskeyChallengeError')
    // And a made-up one was never handed out.
    const madeUp = await signIn(passkey, () => assert(passkey, 'A'.repeat(43)))
    expect(madeUp.login.body.error?.name).toBe('PasskeyChallengeError')
  })

  test('behavior: a registration answered twice is refused the second time', async () => {
    const credential: TestCredential = await server.login('pk-register-twice@example.com')
    const passkey = createSoftPasskey(rpId, origin)
    const options = await server.post<Options>('/v1/passkey/register/options', {}, credential)
    const response = attest(passkey, options.body.challenge)
    expect((await server.post('/v1/passkey/register', { response }, credential)).status).toBe(200)
    const again = await server.post<ErrorBody>('/v1/passkey/register', { response }, credential)
    expect(again.body.error.name).toBe('PasskeyChallengeError')
    // The same authenticator registered again (new challenge): refused, once per credential.
    const next = await server.post<Options>('/v1/passkey/register/options', {}, credential)
    const twice = await server.post<ErrorBody>(
      '/v1/passkey/register',
      { response: attest(passkey, next.body.challenge) },
      credential,
    )
    expect(twice.body.error).toMatchObject({
      name: 'PasskeyVerificationError',
      reason: 'ALREADY_REGISTERED',
    })
  })

  test('behavior: the signature counter must go up; a passkey that keeps none (0) still signs in', async () => {
    const { passkey } = await registered('pk-counter@example.com')
    expect((await signIn(passkey)).login.status).toBe(200)
    expect((await signIn(passkey)).login.status).toBe(200)
    // A copy of the authenticator answers with a counter it used before.
    const cloned = await signIn(passkey, (challenge) => assert(passkey, challenge, { counter: 2 }))
    expect(cloned.login.status).toBe(401)
    expect(cloned.login.body.error).toMatchObject({
      name: 'PasskeyVerificationError',
      reason: 'COUNTER',
    })
    // Zero after a counting passkey counted: refused too.
    const zero = await signIn(passkey, (challenge) => assert(passkey, challenge, { counter: 0 }))
    expect(zero.login.body.error?.reason).toBe('COUNTER')
    expect((await signIn(passkey)).login.status).toBe(200)

    const still = createSoftPasskey(rpId, origin, { keepsCounter: false })
    await registered('pk-no-counter@example.com', still)
    expect((await signIn(still)).login.status).toBe(200)
    expect((await signIn(still)).login.status).toBe(200)
  })

  test('behavior: another authenticator, another origin, another RP ID or a bad signature do not sign in', async () => {
    const { passkey } = await registered('pk-wrong@example.com')
    const stranger = createSoftPasskey(rpId, origin)
    const unknown = await signIn(stranger)
    expect(unknown.login.status).toBe(401)
    expect(unknown.login.body.error?.reason).toBe('UNKNOWN_CREDENTIAL')

    const phished = await signIn(passkey, (challenge) =>
      assert(passkey, challenge, { origin: 'https://wallet.example.evil.test' }),
    )
    expect(phished.login.body.error).toMatchObject({
      name: 'PasskeyVerificationError',
      reason: 'SIGNATURE',
    })
    const otherRp = await signIn(passkey, (challenge) =>
      assert(passkey, challenge, { rpId: 'evil.test' }),
    )
    expect(otherRp.login.body.error?.reason).toBe('SIGNATURE')
    // Another key's signature under this credential's id.
    const forged = await signIn(passkey, (challenge) => ({
      ...assert({ ...stranger, credentialId: passkey.credentialId }, challenge),
    }))
    expect(forged.login.body.error?.reason).toBe('SIGNATURE')
  })

  test('behavior: inside a page (the frame in a dapp), the page must be an allowed origin of the frame’s project', async () => {
    const passkey = createSoftPasskey(rpId, origin)
    await registered('pk-top-origin@example.com', passkey)
    const embedded = async (topOrigin: string, projectId?: string) => {
      const key = await server.createDeviceKey()
      const options = await server.post<Options>('/v1/passkey/login/options', {}, key)
      return server.post<{ token?: string } & Partial<ErrorBody>>(
        '/v1/passkey/login',
        {
          response: assert(passkey, options.body.challenge, { topOrigin }),
          deviceId: 'device-passkey-000000',
          ...(projectId ? { projectId } : {}),
        },
        key,
      )
    }
    // The test server allows loopback and *.test pages for any project (no allowedOrigins).
    expect((await embedded('http://dapp.test:3000', 'lk-test')).status).toBe(200)
    const elsewhere = await embedded('https://phish.example', 'lk-test')
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.error?.name).toBe('OriginNotAllowedError')
    const noProject = await embedded('http://dapp.test:3000')
    expect(noProject.body.error?.name).toBe('OriginNotAllowedError')
  })

  test('behavior: PRF output never reaches the server (refused), and sign-in options need a device proof', async () => {
    const { passkey } = await registered('pk-prf@example.com')
    const leaked = await signIn(passkey, (challenge) => ({
      ...assert(passkey, challenge),
      clientExtensionResults: { prf: { results: { first: 'c2VjcmV0' } } },
    }))
    expect(leaked.login.status).toBe(400)
    expect(leaked.login.body.error?.name).toBe('InvalidRequestError')
    const bare = await server.request<ErrorBody>('/v1/passkey/login/options', { body: {} })
    expect(bare.status).toBe(401)
    expect(bare.body.error.name).toBe('InvalidDeviceProofError')
  })
})
