import { split } from 'shamir-secret-sharing'
import { type Hex, hexToBytes, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalSendCalls } from '../../src/approval/types'
import { encodeBase64 } from '../../src/utils/base64'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { sealedKeyProof } from '../../test/harness/sealedKeyProof'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'
import { decodeBase32, hotp, totpStep } from '../factors/totp'

// Issue 16: wallet_sendCalls of a sealed wallet. The frame signs each call (here: the test, with
// the key it split) and the server broadcasts it as call `index` of the approved batch, in
// order and once; above the threshold one proof for the batch's hash covers its calls only.

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to1 = '0x1000000000000000000000000000000000000001'
const to2 = '0x2000000000000000000000000000000000000002'
type Batch = { id: Hex; salt: string }
type Answer = { result?: Hex; batch?: Batch; error?: { name: string; reason?: string } }
type Unsigned = { nonce: number; gas: Hex; maxFeePerGas?: Hex; maxPriorityFeePerGas?: Hex }

let anvil: AnvilNode
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
})
afterAll(async () => {
  await anvil?.stop()
})

describe.each(['sqlite', 'postgres'] as const)('sealed wallet_sendCalls on %s', (backend) => {
  let t: TestServer
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = backend === 'postgres' ? await createTestDatabase() : undefined
    t = await startTestServer({
      chains: { 1: anvil.rpcUrl },
      custody: { '*': 'server', sealed: 'sealed' },
      secondFactor: { signAbove: { default: '0.5' } },
      ...(database ? { databaseUrl: database.url } : {}),
    })
  })
  afterAll(async () => {
    await t?.close()
    await database?.drop()
  })

  /** A signed-in user whose sealed wallet the test holds the key of, funded on anvil. */
  async function sealedUser(name: string) {
    const email = `${name}-${backend}@example.test`
    await t.server.context.storage.users.create({ id: email, email, createdAt: Date.now() })
    const credential = await t.login(email)
    const key = generatePrivateKey()
    const account = privateKeyToAccount(key)
    const [, server] = await split(hexToBytes(key), 3, 2)
    const body = {
      projectId: 'sealed',
      address: account.address,
      serverShare: encodeBase64(server as Uint8Array),
      recoveryShare: null,
      keyProof: await sealedKeyProof(hexToBytes(key), credential, 'create'),
    }
    expect((await t.post('/v1/sealed-wallet', body, credential)).status).toBe(200)
    await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
      { from: dev0, to: account.address, value: toHex(parseEther('5')) },
    ])
    return { credential, account }
  }

  async function approved(credential: TestCredential, from: Hex, values: string[]) {
    const calls = values.map((value, i) => ({
      to: i % 2 ? to2 : to1,
      value: toHex(parseEther(value)),
    }))
    const request = normalizeApprovalRequest({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x1', from, calls, atomicRequired: false }],
      chainId: 1,
      account: from,
    })
    const prepared = await t.post<{ request: CanonicalSendCalls }>(
      '/v1/rpc/prepare',
      { chainId: 1, request },
      credential,
    )
    const batch = prepared.body.request
    return { request: batch, hash: hashCanonicalRequest(batch) }
  }

  /** Call `index` of the batch, priced by the server, signed with the wallet's key, sent. */
  async function sendCall(
    user: Awaited<ReturnType<typeof sealedUser>>,
    body: { request: CanonicalSendCalls; hash: string },
    index: number,
    extra: { batch?: Batch; factorProof?: string } = {},
  ) {
    const base = { chainId: 1, ...body, index }
    const prepared = await t.post<{ transaction: Unsigned }>(
      '/v1/rpc/sealed/prepare',
      base,
      user.credential,
    )
    const tx = prepared.body.transaction
    const item = body.request.calls[index] as { to: Hex; value: Hex; data: Hex }
    const raw = await user.account.signTransaction({
      chainId: 1,
      to: item.to,
      value: BigInt(item.value),
      data: item.data,
      gas: BigInt(tx.gas),
      nonce: tx.nonce,
      maxFeePerGas: BigInt(tx.maxFeePerGas ?? 0),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas ?? 0),
    })
    return t.post<Answer>('/v1/rpc/sealed/send', { ...base, ...extra, raw }, user.credential)
  }

  const callsStatus = async (credential: TestCredential, id: Hex) =>
    (
      await t.post<{ result: { status: number; receipts: { transactionHash: Hex }[] } }>(
        '/v1/rpc',
        { chainId: 1, method: 'wallet_getCallsStatus', params: [id] },
        credential,
      )
    ).body.result

  const balance = async (address: Hex) =>
    BigInt(await rpc<Hex>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']))

  test('behavior: the calls are sent in order and once; a call not of the approved batch is refused; the status has both receipts', async () => {
    const user = await sealedUser('batch')
    const batch = await approved(user.credential, user.account.address, ['0.1', '0.2'])
    const before = [await balance(to1), await balance(to2)]
    // The second call cannot open a batch, nor come before the first.
    expect((await sendCall(user, batch, 1)).body.error?.name).toBe('InvalidRequestError')
    const first = await sendCall(user, batch, 0)
    expect(first.status).toBe(200)
    const opened = first.body.batch as Batch
    // The first call again (a replay), or another batch's hash under this batch: refused.
    expect((await sendCall(user, batch, 0, { batch: opened })).status).toBe(400)
    const other = await approved(user.credential, user.account.address, ['0.1', '0.3'])
    expect((await sendCall(user, other, 1, { batch: opened })).status).toBe(400)
    // Stopped here, the batch says it is short of its calls (600), not confirmed.
    expect((await callsStatus(user.credential, opened.id)).status).toBe(600)
    const second = await sendCall(user, batch, 1, { batch: opened })
    expect(second.status).toBe(200)
    expect(second.body.batch).toEqual(opened)
    expect((await sendCall(user, batch, 1, { batch: opened })).status).toBe(400)
    expect(await balance(to1)).toBe((before[0] as bigint) + parseEther('0.1'))
    expect(await balance(to2)).toBe((before[1] as bigint) + parseEther('0.2'))
    const nonce = await rpc<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [
      user.account.address,
      'latest',
    ])
    expect(Number(nonce)).toBe(2)
    const status = await callsStatus(user.credential, opened.id)
    expect(status.status).toBe(200)
    expect(status.receipts.map((r) => r.transactionHash)).toEqual([
      first.body.result,
      second.body.result,
    ])
  })

  test('behavior: a batch above the threshold is refused without a proof and sent with one proof for the batch', async () => {
    const user = await sealedUser('factor')
    const setup = await t.post<{ secret: string }>('/v1/factors/totp/setup', {}, user.credential)
    const secret = decodeBase32(setup.body.secret) as Buffer
    const code = hotp(secret, totpStep(t.clock.now()))
    const confirm = await t.post('/v1/factors/totp/confirm', { code }, user.credential)
    expect(confirm.status).toBe(200)
    // Each call is below 0.5; the batch (0.6) is above.
    const batch = await approved(user.credential, user.account.address, ['0.3', '0.3'])
    const refused = await sendCall(user, batch, 0)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ name: 'SecondFactorRequiredError' })
    t.clock.advance(30_000)
    const proof = await t.post<{ factorProof: string }>(
      '/v1/factors/verify',
      { code: hotp(secret, totpStep(t.clock.now())), action: 'sign', subject: batch.hash },
      user.credential,
    )
    const factorProof = proof.body.factorProof
    const first = await sendCall(user, batch, 0, { factorProof })
    expect(first.status).toBe(200)
    const second = await sendCall(user, batch, 1, { batch: first.body.batch as Batch })
    expect(second.status).toBe(200)
    // The proof was taken once: it opens no other batch.
    const again = await approved(user.credential, user.account.address, ['0.3', '0.4'])
    expect((await sendCall(user, again, 0, { factorProof })).status).toBe(403)
  })
})
