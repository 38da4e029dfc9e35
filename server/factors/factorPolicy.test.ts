import { encodeFunctionData, erc20Abi, maxUint256, parseEther, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { createTokenDeployer } from '../../test/harness/deployTokens'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { decodeBase32, hotp, totpStep } from './totp'

// The second-factor policy beyond export (issue 16), on a SQLite file and on PostgreSQL: token
// transfers and approvals count toward the signing threshold (a real ERC-20 on anvil), and an
// email change needs a proof for exactly that action once the user has a factor (loginMethods is
// on by default). A project that turns it off changes the email with the session alone.

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
type ErrorBody = { error?: { name: string; reason?: string; action?: string } }

let anvil: AnvilNode
let token: `0x${string}`
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  token = await createTokenDeployer(anvil.rpcUrl, 1).deployErc20({ name: 'Test', symbol: 'TST' })
})
afterAll(async () => {
  await anvil?.stop()
})

describe.each(['sqlite', 'postgres'] as const)('second-factor policy on %s', (backend) => {
  let t: TestServer
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = backend === 'postgres' ? await createTestDatabase() : undefined
    t = await startTestServer({
      chains: { 1: anvil.rpcUrl },
      // 100 tokens (18 decimals) on chain 1; no other token is listed.
      secondFactor: {
        signAbove: { default: '0.5' },
        tokenAbove: { [`1:${token}`]: parseEther('100').toString() },
      },
      ...(database ? { databaseUrl: database.url } : {}),
    })
  })
  afterAll(async () => {
    await t?.close()
    await database?.drop()
  })

  /** A signed-in user with a confirmed authenticator app, and its next code. */
  async function enrolled(email: string) {
    const credential = await t.login(email)
    const setup = await t.post<{ secret: string }>('/v1/factors/totp/setup', {}, credential)
    const secret = decodeBase32(setup.body.secret) as Buffer
    const code = () => {
      t.clock.advance(30_000)
      return hotp(secret, totpStep(t.clock.now()))
    }
    const first = hotp(secret, totpStep(t.clock.now()))
    expect((await t.post('/v1/factors/totp/confirm', { code: first }, credential)).status).toBe(200)
    return { credential, code }
  }
  const proofFor = async (
    credential: TestCredential,
    code: string,
    action: string,
    subject?: string,
  ) =>
    (
      await t.post<{ factorProof: string }>(
        '/v1/factors/verify',
        { code, action, ...(subject ? { subject } : {}) },
        credential,
      )
    ).body.factorProof

  test('behavior: a token transfer above its threshold, or an unlimited approve, is refused without a proof and sent with one', async () => {
    const { credential, code } = await enrolled(`tokens-${backend}@example.test`)
    const { address } = (await t.get<{ address: `0x${string}` }>('/v1/user', credential)).body
    await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
      { from: dev0, to: address, value: toHex(parseEther('1')) },
    ])
    await createTokenDeployer(anvil.rpcUrl, 1).mintErc20(token, address, parseEther('1000'))
    const call = (data: `0x${string}`) => ({
      method: 'eth_sendTransaction' as const,
      params: [{ to: token, data }],
      chainId: 1,
      account: address,
    })
    const prepared = async (data: `0x${string}`) =>
      (
        await t.post<{ request: CanonicalRequest }>(
          '/v1/rpc/prepare',
          { chainId: 1, request: normalizeApprovalRequest(call(data)) },
          credential,
        )
      ).body.request
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
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [dev0, amount] })

    // At its threshold: no factor, though the native value is nothing.
    expect((await send(await prepared(transfer(parseEther('100'))))).status).toBe(200)
    const big = await prepared(transfer(parseEther('101')))
    const refused = await send(big)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      name: 'SecondFactorRequiredError',
      action: 'sign',
      reason: 'MISSING',
    })
    const sent = await send(
      big,
      await proofFor(credential, code(), 'sign', hashCanonicalRequest(big)),
    )
    expect(sent.status).toBe(200)
    expect(typeof sent.body.result).toBe('string')

    const unlimited = await prepared(
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dev0, maxUint256] }),
    )
    expect((await send(unlimited)).body.error).toMatchObject({ action: 'sign', reason: 'MISSING' })
    // Taking an allowance back (zero) is within any threshold.
    const revoke = await prepared(
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dev0, 0n] }),
    )
    expect((await send(revoke)).status).toBe(200)
    const status = await t.get<{ policy: unknown }>('/v1/factors?chainId=1', credential)
    expect(status.body.policy).toEqual({
      loginMethods: true,
      signAbove: parseEther('0.5').toString(),
      tokenAbove: { [token.toLowerCase()]: parseEther('100').toString() },
    })
  })

  test('behavior: an email change needs a proof for exactly that action once the user has a factor', async () => {
    const email = `change-${backend}@example.test`
    const { credential, code } = await enrolled(email)
    const start = (factorProof?: string) =>
      t.post<{ action?: string } & ErrorBody>(
        '/v1/update-email',
        { email: `new-${email}`, ...(factorProof ? { factorProof } : {}) },
        credential,
      )
    const mails = t.sink.mails.length
    const refused = await start()
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ action: 'email-change', reason: 'MISSING' })
    // A proof for adding a passkey does not change the email.
    const wrong = await proofFor(credential, code(), 'login-method')
    expect((await start(wrong)).body.error).toMatchObject({ reason: 'STALE' })
    expect(t.sink.mails.length).toBe(mails)
    const proof = await proofFor(credential, code(), 'email-change')
    expect((await start(proof)).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    // Single use.
    expect((await start(proof)).body.error).toMatchObject({ reason: 'STALE' })
  })

  test('behavior: a user without a factor changes the email with the session alone', async () => {
    const credential = await t.login(`plain-${backend}@example.test`)
    const started = await t.post('/v1/update-email', { email: 'x@example.test' }, credential)
    expect(started.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  })
})

test('behavior: loginMethods false: an enrolled user changes the email without a proof', async () => {
  const t = await startTestServer({ secondFactor: { loginMethods: false } })
  try {
    const credential = await t.login('off@example.test')
    const setup = await t.post<{ secret: string }>('/v1/factors/totp/setup', {}, credential)
    const secret = decodeBase32(setup.body.secret) as Buffer
    const code = hotp(secret, totpStep(t.clock.now()))
    expect((await t.post('/v1/factors/totp/confirm', { code }, credential)).status).toBe(200)
    const started = await t.post('/v1/update-email', { email: 'y@example.test' }, credential)
    expect(started.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  } finally {
    await t.close()
  }
})
