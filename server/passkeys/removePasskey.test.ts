import { afterAll, beforeAll, expect, test } from 'vitest'
import { assert, attest, createSoftPasskey, type SoftPasskey } from '../../test/harness/softPasskey'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

// Removing a passkey against the real server (SQLite file, @simplewebauthn/server, a software
// authenticator): only the user's own, never the last way to sign in, never the one whose PRF
// output seals the recovery share.

const origin = 'https://wallet.example'
const rpId = 'wallet.example'
type Answer = { remaining?: number; error?: { name: string; reason?: string } }
type Listed = { passkeys: { credentialId: string }[] }

let server: TestServer
beforeAll(async () => {
  // Removal mechanics; the second-factor policy on it (on by default) is proven in
  // test/e2e/framePasskey.test.ts (the frame asks for the factor, the server takes it).
  server = await startTestServer({ passkeys: { origin }, secondFactor: { loginMethods: false } })
})
afterAll(async () => {
  await server?.close()
})

async function register(credential: TestCredential, passkey: SoftPasskey) {
  const options = await server.post<{ challenge: string }>(
    '/v1/passkey/register/options',
    {},
    credential,
  )
  const answer = await server.post(
    '/v1/passkey/register',
    { response: attest(passkey, options.body.challenge) },
    credential,
  )
  expect(answer.status).toBe(200)
}

async function signIn(passkey: SoftPasskey) {
  const key = await server.createDeviceKey()
  const options = await server.post<{ challenge: string }>('/v1/passkey/login/options', {}, key)
  return server.post<{ token?: string; error?: { name: string; reason?: string } }>(
    '/v1/passkey/login',
    { response: assert(passkey, options.body.challenge), deviceId: 'device-passkey-000000' },
    key,
  )
}

const remove = (credential: TestCredential, credentialId: string) =>
  server.post<Answer>('/v1/passkey/remove', { credentialId }, credential)

test('default: a signed-in user removes one of two passkeys; the list shows the other, and the removed one signs in no more', async () => {
  const credential = await server.login('pk-remove@example.com')
  const [kept, removed] = [createSoftPasskey(rpId, origin), createSoftPasskey(rpId, origin)]
  await register(credential, kept)
  await register(credential, removed)
  expect(await remove(credential, removed.credentialId)).toMatchObject({
    status: 200,
    body: { remaining: 1 },
  })
  const listed = await server.get<Listed>('/v1/passkeys', credential)
  expect(listed.body.passkeys.map((each) => each.credentialId)).toEqual([kept.credentialId])
  const refused = await signIn(removed)
  expect(refused.body.error).toMatchObject({
    name: 'PasskeyVerificationError',
    reason: 'UNKNOWN_CREDENTIAL',
  })
  expect((await signIn(kept)).status).toBe(200)
  // Removed already: refused with a typed error.
  expect((await remove(credential, removed.credentialId)).body.error).toMatchObject({
    name: 'PasskeyRemovalError',
    reason: 'NOT_FOUND',
  })
})

test('error: another account’s passkey, a bare token, the last way to sign in, and the passkey that seals the recovery share are kept', async () => {
  const owner = await server.login('pk-owner@example.com')
  const passkey = createSoftPasskey(rpId, origin)
  await register(owner, passkey)
  const stranger = await server.login('pk-stranger@example.com')
  expect(await remove(stranger, passkey.credentialId)).toMatchObject({
    status: 409,
    body: { error: { name: 'PasskeyRemovalError', reason: 'NOT_FOUND' } },
  })
  const bare = await server.request('/v1/passkey/remove', {
    method: 'POST',
    body: { credentialId: passkey.credentialId },
    token: owner.token,
  })
  expect(bare.status).toBe(401)

  // The recovery share is sealed under this passkey's PRF output: removing it would lose it.
  const { storage } = server.server.context
  const user = await storage.users.findByEmail('pk-owner@example.com')
  if (!user) throw new TypeError('no user')
  const prfShare = {
    v: 1,
    kdf: 'prf',
    credentialId: passkey.credentialId,
    salt: `${'A'.repeat(43)}=`,
    iv: 'B'.repeat(16),
    ciphertext: 'C'.repeat(64),
  }
  const wallet = await storage.wallets.findByUserId(user.id)
  const sealed = await storage.sealedWallets.upgrade(wallet?.address ?? '', {
    userId: user.id,
    serverShare: 's',
    recoveryShare: JSON.stringify(prfShare),
    version: 1,
    updatedAt: 1,
  })
  expect(sealed).toBe(true)
  expect((await remove(owner, passkey.credentialId)).body.error).toMatchObject({
    reason: 'SEALS_RECOVERY',
  })
  expect((await server.get<Listed>('/v1/passkeys', owner)).body.passkeys).toMatchObject([
    { credentialId: passkey.credentialId, sealsRecovery: true },
  ])

  // A user whose only way in is this passkey (no email, no social login).
  const lonely = await server.login('pk-lonely@example.com')
  const only = createSoftPasskey(rpId, origin)
  await register(lonely, only)
  const lonelyUser = await storage.users.findByEmail('pk-lonely@example.com')
  await storage.users.updateEmail(lonelyUser?.id ?? '', `social:${lonelyUser?.id}`)
  expect((await storage.users.findById(lonelyUser?.id ?? ''))?.email).toBeNull()
  expect((await remove(lonely, only.credentialId)).body.error).toMatchObject({
    name: 'PasskeyRemovalError',
    reason: 'LAST_LOGIN_METHOD',
  })
  const listed = await server.get<Listed>('/v1/passkeys', lonely)
  expect(listed.body.passkeys).toHaveLength(1)
  expect((await server.get<Listed>('/v1/passkeys', owner)).body.passkeys).toHaveLength(1)
})
