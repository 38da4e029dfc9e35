import { parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { decodeBase32, hotp, totpStep } from './totp'

// Second factors against the real server, on a SQLite file and on PostgreSQL (every rule that
// must hold across instances is one conditional statement in the database), with anvil for the
// transactions above the project's threshold (0.5 ETH).

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
type ErrorBody = { error?: { name: string; reason?: string; action?: string } }
type Proof = { factorProof: string } & ErrorBody

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
})
afterAll(async () => {
  await anvil?.stop()
})

describe.each(['sqlite', 'postgres'] as const)('second factors on %s', (backend) => {
  let t: TestServer
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = backend === 'postgres' ? await createTestDatabase() : undefined
    t = await startTestServer({
      chains: { 1: anvil.rpcUrl },
      secondFactor: { signAbove: { default: '0.5' } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
  })
  afterAll(async () => {
    await t?.close()
    await database?.drop()
  })

  /** A signed-in user with a confirmed authenticator app: its secret and recovery codes. */
  async function enrolled(email: string) {
    const credential = await t.login(email)
    const setup = await t.post<{ secret: string; uri: string }>(
      '/v1/factors/totp/setup',
      {},
      credential,
    )
    expect(setup.status).toBe(200)
    expect(setup.headers.get('cache-control')).toBe('no-store')
    const secret = decodeBase32(setup.body.secret) as Buffer
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`)
    const code = (offset = 0) => hotp(secret, totpStep(t.clock.now()) + offset)
    const confirmed = await t.post<{ recoveryCodes: string[] }>(
      '/v1/factors/totp/confirm',
      { code: code() },
      credential,
    )
    expect(confirmed.status).toBe(200)
    // The first code's step counts as used: the next proof needs the next step.
    t.clock.advance(30_000)
    return { credential, code, recoveryCodes: confirmed.body.recoveryCodes }
  }

  const verify = (credential: TestCredential, body: Record<string, unknown>) =>
    t.post<Proof>('/v1/factors/verify', { action: 'export', ...body }, credential)

  test('default: TOTP enrolment; a code of the step before, now or after gives a proof; each step once, even when raced', async () => {
    const { credential, code, recoveryCodes } = await enrolled('totp-window@example.test')
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    t.clock.advance(30_000)
    const status = await t.get<Record<string, unknown>>('/v1/factors?chainId=1', credential)
    expect(status.body).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodes: 10,
      policy: { loginMethods: true, signAbove: parseEther('0.5').toString(), tokenAbove: {} },
    })
    // The step before (a slow clock) is accepted once (the confirming code's step is used
    // already); then the same code again is refused.
    expect((await verify(credential, { code: code(-1) })).status).toBe(200)
    const again = await verify(credential, { code: code(-1) })
    expect(again.body.error).toMatchObject({ name: 'InvalidSecondFactorError', reason: 'REUSED' })
    // Two at once with the current code: exactly one proof.
    const raced = await Promise.all([0, 1, 2].map(() => verify(credential, { code: code() })))
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 400, 400])
    // The step after (a fast clock) still counts; two steps away does not.
    expect((await verify(credential, { code: code(1) })).status).toBe(200)
    const far = await verify(credential, { code: code(3) })
    expect(far.body.error).toMatchObject({ name: 'InvalidSecondFactorError', reason: 'CODE' })
    // A second setup while one is confirmed is refused without a fresh factor.
    const setup = await t.post<ErrorBody>('/v1/factors/totp/setup', {}, credential)
    expect(setup.body.error).toMatchObject({ name: 'SecondFactorRequiredError', reason: 'MISSING' })
  })

  test('behavior: a recovery code gives one proof; used again it is refused', async () => {
    const { credential, recoveryCodes } = await enrolled('recovery@example.test')
    const [first = ''] = recoveryCodes
    // Typed in lower case without dashes: still the code.
    const used = await verify(credential, { recoveryCode: first.toLowerCase().replace(/-/g, '') })
    expect(used.status).toBe(200)
    const twice = await verify(credential, { recoveryCode: first })
    expect(twice.body.error).toMatchObject({
      name: 'InvalidSecondFactorError',
      reason: 'RECOVERY_CODE',
    })
    expect((await t.get('/v1/factors', credential)).body).toMatchObject({ recoveryCodes: 9 })
  })

  test('error: export without a factor set up, without a proof, with a stale one, one of another action or session', async () => {
    const plain = await t.login('no-factor@example.test')
    const none = await t.post<ErrorBody>('/v1/export', {}, plain)
    expect(none.status).toBe(403)
    expect(none.body.error).toMatchObject({
      name: 'SecondFactorRequiredError',
      reason: 'NOT_ENROLLED',
      action: 'export',
    })
    const { credential, code } = await enrolled('export@example.test')
    const missing = await t.post<ErrorBody>('/v1/export', {}, credential)
    expect(missing.body.error).toMatchObject({
      name: 'SecondFactorRequiredError',
      reason: 'MISSING',
    })
    const expired = (await verify(credential, { code: code() })).body.factorProof
    t.clock.advance(121_000)
    const stale = await t.post<ErrorBody>('/v1/export', { factorProof: expired }, credential)
    expect(stale.body.error).toMatchObject({ name: 'SecondFactorRequiredError', reason: 'STALE' })
    const { factorProof: signing } = (await verify(credential, { code: code(), action: 'factors' }))
      .body
    const other = await t.post<ErrorBody>('/v1/export', { factorProof: signing }, credential)
    expect(other.body.error?.reason).toBe('STALE')
    // The same account signed in on another device: its proof is not this session's.
    t.clock.advance(30_000)
    const proof = (await verify(credential, { code: code() })).body.factorProof
    const elsewhere = await t.post<ErrorBody>(
      '/v1/export',
      { factorProof: proof },
      await t.login('export@example.test', 'device-bbbbbbbbbbbbbbbb'),
    )
    expect(elsewhere.body.error?.reason).toBe('STALE')
    // Burnt by being shown to the wrong session: a fresh one exports.
    t.clock.advance(30_000)
    const fresh = (await verify(credential, { code: code() })).body.factorProof
    const exported = await t.post<{ address: string; custody: string; privateKey: `0x${string}` }>(
      '/v1/export',
      { factorProof: fresh },
      credential,
    )
    expect(exported.body).toMatchObject({ custody: 'server' })
    expect(exported.headers.get('cache-control')).toBe('no-store')
    const { address } = (await t.get<{ address: string }>('/v1/user', credential)).body
    expect(exported.body.custody).toBe('server')
    expect(privateKeyToAccount(exported.body.privateKey).address).toBe(address)
    const replay = await t.post<ErrorBody>('/v1/export', { factorProof: fresh }, credential)
    expect(replay.body.error?.reason).toBe('STALE')
  })

  test('behavior: a transaction above the threshold needs a proof for exactly it; at or below, none', async () => {
    const { credential, code } = await enrolled('threshold@example.test')
    const { address } = (await t.get<{ address: string }>('/v1/user', credential)).body
    await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
      { from: dev0, to: address, value: toHex(parseEther('2')) },
    ])
    const prepared = async (value: string) => {
      const shown = normalizeApprovalRequest({
        method: 'eth_sendTransaction',
        params: [{ to: dev0, value: toHex(parseEther(value)) }],
        chainId: 1,
        account: address,
      })
      const answer = await t.post<{ request: CanonicalRequest }>(
        '/v1/rpc/prepare',
        { chainId: 1, request: shown },
        credential,
      )
      return answer.body.request
    }
    const send = (request: CanonicalRequest, factorProof?: string) =>
      t.post<{ result?: string } & ErrorBody>(
        '/v1/rpc',
        {
          chainId: 1,
          method: 'eth_sendTransaction',
          request,
          hash: hashCanonicalRequest(request),
          ...(factorProof ? { factorProof } : {}),
        },
        credential,
      )
    expect((await send(await prepared('0.5'))).status).toBe(200)
    const big = await prepared('0.6')
    const refused = await send(big)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      name: 'SecondFactorRequiredError',
      action: 'sign',
      reason: 'MISSING',
    })
    // A proof made for another transaction does not send this one.
    const otherHash = hashCanonicalRequest(await prepared('0.7'))
    const wrong = (await verify(credential, { code: code(), action: 'sign', subject: otherHash }))
      .body.factorProof
    expect((await send(big, wrong)).body.error?.reason).toBe('STALE')
    t.clock.advance(30_000)
    const proof = (
      await verify(credential, {
        code: code(),
        action: 'sign',
        subject: hashCanonicalRequest(big),
      })
    ).body.factorProof
    const sent = await send(big, proof)
    expect(sent.status).toBe(200)
    expect(typeof sent.body.result).toBe('string')
  })
})
