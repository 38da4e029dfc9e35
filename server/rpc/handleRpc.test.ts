import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import {
  startTestServer,
  type TestAuth,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const dev1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let anvil: AnvilNode
let t: TestServer
let token: TestCredential
let address: `0x${string}`

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  t = await startTestServer({ chains: { 1: anvil.rpcUrl } })
  token = await t.login('signer@example.test')
  address = (await t.get<{ address: `0x${string}` }>('/v1/user', token)).body.address
  // Fund the new wallet from an anvil dev account (unlocked on anvil).
  await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: dev0, to: address, value: toHex(parseEther('1')) },
  ])
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const call = (
  method: string,
  params?: unknown,
  chainId: number | string = 1,
  auth: TestAuth = token,
) =>
  t.post<{ result?: unknown; error?: { name: string; message: string; code?: number } }>(
    '/v1/rpc',
    { chainId, method, params },
    auth,
  )

const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })

type Answer = { result?: unknown; error?: { name: string; message: string; code?: number } }

/** What the frame does: normalise, let the server fill gas and fees, then send with the hash. */
async function approved(method: string, params: unknown, chainId = 1) {
  let request: CanonicalRequest = normalizeApprovalRequest({
    method,
    params,
    chainId,
    account: address,
  })
  if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
    const prepared = await t.post<{ request: CanonicalRequest }>(
      '/v1/rpc/prepare',
      { chainId, request },
      token,
    )
    expect(prepared.status).toBe(200)
    request = prepared.body.request
  }
  return t.post<Answer>(
    '/v1/rpc',
    { chainId, method, request, hash: hashCanonicalRequest(request) },
    token,
  )
}

describe('signing', () => {
  test('personal_sign: verified by viem verifyMessage', async () => {
    const text = await approved('personal_sign', [toHex('hello latchkey'), address])
    expect(text.status).toBe(200)
    const signature = text.body.result as `0x${string}`
    expect(await verifyMessage({ address, message: 'hello latchkey', signature })).toBe(true)
    const plain = await approved('personal_sign', ['plain text', address])
    expect(
      await verifyMessage({
        address,
        message: 'plain text',
        signature: plain.body.result as `0x${string}`,
      }),
    ).toBe(true)
  })

  test('personal_sign: another address is refused', async () => {
    // A request made for another account, hashed correctly: the server normalises it again.
    const request = normalizeApprovalRequest({
      method: 'personal_sign',
      params: [toHex('x'), dev0],
      chainId: 1,
      account: dev0,
    })
    const answer = await t.post<Answer>(
      '/v1/rpc',
      { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
      token,
    )
    expect(answer.status).toBe(403)
    expect(answer.body.error).toMatchObject({ name: 'AccountNotAuthorizedError', code: 4100 })
  })

  test('eth_signTypedData_v4: verified by viem verifyTypedData (JSON string and object)', async () => {
    const typedData = {
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    } as const
    for (const payload of [JSON.stringify(typedData), typedData]) {
      const answer = await approved('eth_signTypedData_v4', [address, payload])
      expect(answer.status).toBe(200)
      const { EIP712Domain: _, ...types } = typedData.types
      const valid = await verifyTypedData({
        address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: answer.body.result as `0x${string}`,
      })
      expect(valid).toBe(true)
    }
  })
})

describe('sending', () => {
  test('eth_sendTransaction: signed on the server, broadcast, balances change', async () => {
    const before = await client().getBalance({ address: dev1 })
    const senderBefore = await client().getBalance({ address })
    const answer = await approved('eth_sendTransaction', [
      { from: address, to: dev1, value: toHex(parseEther('0.01')) },
    ])
    expect(answer.status).toBe(200)
    const hash = answer.body.result as `0x${string}`
    const receipt = await client().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client().getBalance({ address: dev1 })).toBe(before + parseEther('0.01'))
    const spent = senderBefore - (await client().getBalance({ address }))
    expect(spent).toBe(parseEther('0.01') + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  test('eth_sendTransaction: parallel sends get distinct nonces', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => approved('eth_sendTransaction', [{ to: dev1, value: '0x1' }])),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const receipts = await Promise.all(
      answers.map((answer) =>
        client().waitForTransactionReceipt({ hash: answer.body.result as `0x${string}` }),
      ),
    )
    expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
  })

  test('wallet_sendCalls then wallet_getCallsStatus: sequential sends, confirmed with receipts', async () => {
    const before = await client().getBalance({ address: dev1 })
    const sent = await approved('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x1',
        from: address,
        atomicRequired: false,
        calls: [
          { to: dev1, value: '0x64' },
          { to: dev1, value: '0xc8', data: '0x' },
        ],
      },
    ])
    expect(sent.status).toBe(200)
    const { id } = sent.body.result as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await call('wallet_getCallsStatus', [id])
    expect(status.body.result).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x1',
      atomic: false,
      status: 200,
    })
    expect((status.body.result as { receipts: unknown[] }).receipts).toHaveLength(2)
    expect(await client().getBalance({ address: dev1 })).toBe(before + 300n)
  })

  test('wallet_sendCalls: a call whose to is not 0x-prefixed is refused', async () => {
    const request = {
      method: 'wallet_sendCalls',
      chainId: 1,
      from: address,
      version: '2.0.0',
      calls: [{ to: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266', value: '0x0', data: '0x' }],
    }
    const answer = await t.post<Answer>(
      '/v1/rpc',
      { chainId: 1, method: 'wallet_sendCalls', request, hash: `0x${'0'.repeat(64)}` },
      token,
    )
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatchObject({ name: 'InvalidRequestError', code: -32602 })
  })

  test('wallet_getCallsStatus: another user cannot read a batch', async () => {
    const sent = await approved('wallet_sendCalls', [{ calls: [{ to: dev1, value: '0x1' }] }])
    const { id } = sent.body.result as { id: string }
    const other = await t.login('other@example.test', 'device-ffffffffffffffff')
    const answer = await call('wallet_getCallsStatus', [id], 1, other)
    expect(answer.body.error).toMatchObject({ name: 'InvalidRequestError' })
  })
})

describe('account and read methods', () => {
  test('eth_accounts, eth_requestAccounts, eth_chainId, wallet_getCapabilities', async () => {
    expect((await call('eth_accounts')).body.result).toEqual([address])
    expect((await call('eth_requestAccounts')).body.result).toEqual([address])
    expect((await call('eth_chainId', [], 'eip155:1')).body.result).toBe('0x1')
    expect((await call('wallet_getCapabilities', [address])).body.result).toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
    })
  })

  test('read methods are forwarded to the chain', async () => {
    const balance = await call('eth_getBalance', [address, 'latest'])
    expect(BigInt(balance.body.result as string)).toBe(await client().getBalance({ address }))
    const block = await call('eth_blockNumber', [])
    expect(block.body.result).toMatch(/^0x[0-9a-f]+$/)
    const code = await call('eth_getCode', ['0xcA11bde05977b3631167028862bE2a173976CA11', 'latest'])
    expect((code.body.result as string).length).toBeGreaterThan(2)
  })

  test('a chain error keeps the node code and message', async () => {
    const answer = await call('eth_getBalance', ['not-an-address', 'latest'])
    expect(answer.status).toBe(400)
    expect(answer.body.error?.name).toBe('ChainRequestFailedError')
    expect(answer.body.error?.code).toEqual(expect.any(Number))
  })

  test('an unconfigured chain is refused', async () => {
    const answer = await call('eth_blockNumber', [], 56)
    expect(answer.body.error).toMatchObject({
      name: 'ChainNotSupportedError',
      message: 'Chain is not supported',
    })
  })
})

describe('refusals', () => {
  test('a method that is not allowed gets the exact message', async () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'anvil_setBalance',
      'eth_newFilter',
      'toString',
      '__proto__',
    ]) {
      const answer = await call(method, [])
      expect(answer.status).toBe(400)
      expect(answer.body.error).toEqual({
        name: 'RpcMethodNotAllowedError',
        message: 'Requested RPC call is not allowed',
        code: 4200,
      })
    }
  })

  test('without a session token, or with a wrong one, RPC is refused with 401', async () => {
    const none = await t.post('/v1/rpc', {
      chainId: 1,
      method: 'personal_sign',
      params: [toHex('x'), address],
    })
    expect(none.status).toBe(401)
    expect(none.body).toEqual({
      error: { name: 'InvalidSessionError', message: 'Invalid session', code: 4100 },
    })
    const wrong = await call('eth_accounts', [], 1, 'x'.repeat(43))
    expect(wrong.status).toBe(401)
  })
})
