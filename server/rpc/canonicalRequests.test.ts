import { createPublicClient, http, parseEther, parseGwei, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest, CanonicalTransaction } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

// Issue 8 items 3, 7 and 9 against a real SQLite server and anvil: the server signs and sends only
// the canonical request the frame showed, with its hash, within the fee ceilings.

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const attacker = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const approveMax = `0x095ea7b3000000000000000000000000${attacker.slice(2).toLowerCase()}${'f'.repeat(64)}`

let anvil: AnvilNode
let t: TestServer
let token: TestCredential
let address: `0x${string}`

type Answer = { result?: unknown; error?: { name: string; message: string; code?: number } }

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  t = await startTestServer({ chains: { 1: anvil.rpcUrl } })
  token = await t.login('canonical@example.test')
  address = (await t.get<{ address: `0x${string}` }>('/v1/user', token)).body.address
  await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: dev0, to: address, value: toHex(parseEther('1')) },
  ])
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })
const nonce = () => client().getTransactionCount({ address })
const post = (path: string, body: unknown) =>
  t.post<Answer & { request?: CanonicalRequest }>(path, body, token)
const send = (
  method: string,
  request: unknown,
  hash = hashCanonicalRequest(request as CanonicalRequest),
  chainId = 1,
) => post('/v1/rpc', { chainId, method, request, hash })
const normalize = (method: string, params: unknown) =>
  normalizeApprovalRequest({ method, params, chainId: 1, account: address })
const prepare = (request: CanonicalRequest) => post('/v1/rpc/prepare', { chainId: 1, request })

describe('A3: one canonical request', () => {
  test('behavior: an input-only transaction signs exactly the data that is shown', async () => {
    const shown = normalize('eth_sendTransaction', [
      { to: dev0, input: approveMax },
    ]) as CanonicalTransaction
    expect(shown.data).toBe(approveMax)
    const prepared = await prepare(shown)
    expect(prepared.status).toBe(200)
    const request = prepared.body.request as CanonicalTransaction
    expect(request.data).toBe(approveMax)
    const answer = await send('eth_sendTransaction', request)
    expect(answer.status).toBe(200)
    const tx = await client().getTransaction({ hash: answer.body.result as `0x${string}` })
    expect(tx.input).toBe(approveMax)
    expect(tx.gas).toBe(BigInt(request.gas as string))
    expect(tx.maxFeePerGas).toBe(BigInt(request.maxFeePerGas as string))
  })

  test('error: raw params are no longer signed; data ≠ input and unknown fields are refused', async () => {
    const before = await nonce()
    // The attack of today: raw params straight to /v1/rpc.
    const raw = await post('/v1/rpc', {
      chainId: 1,
      method: 'eth_sendTransaction',
      params: [{ to: dev0, input: approveMax }],
    })
    expect(raw.status).toBe(400)
    expect(raw.body.error?.name).toBe('InvalidRequestError')
    const base = (await prepare(normalize('eth_sendTransaction', [{ to: dev0 }]))).body
      .request as CanonicalTransaction
    const both = { ...base, input: approveMax }
    expect((await send('eth_sendTransaction', both)).body.error).toMatchObject({
      name: 'InvalidRequestError',
      message: 'Invalid request: The transaction has both data and input, and they differ.',
    })
    const prepareBoth = await post('/v1/rpc/prepare', {
      chainId: 1,
      request: {
        ...normalize('eth_sendTransaction', [{ to: dev0 }]),
        data: '0x',
        input: approveMax,
      },
    })
    expect(prepareBoth.body.error?.message).toBe(
      'Invalid request: The transaction has both data and input, and they differ.',
    )
    const unknown = await post('/v1/rpc/prepare', {
      chainId: 1,
      request: { ...normalize('eth_sendTransaction', [{ to: dev0 }]), accessList: [] },
    })
    expect(unknown.body.error?.message).toBe(
      'Invalid request: The transaction has an unknown field "accessList".',
    )
    const extra = { ...base, accessList: [] }
    expect(
      (await send('eth_sendTransaction', extra, hashCanonicalRequest(base))).body.error?.message,
    ).toBe('Invalid request: The transaction has an unknown field "accessList".')
    expect(await nonce()).toBe(before)
  })

  test('error: a request changed after hashing, or for another chain, is refused and nothing is sent', async () => {
    const before = await nonce()
    const request = (await prepare(normalize('eth_sendTransaction', [{ to: dev0, value: '0x1' }])))
      .body.request as CanonicalTransaction
    const hash = hashCanonicalRequest(request)
    const changed = await send(
      'eth_sendTransaction',
      { ...request, value: toHex(parseEther('0.5')) },
      hash,
    )
    expect(changed.status).toBe(400)
    expect(changed.body.error?.message).toBe(
      'Invalid request: The request does not match its hash.',
    )
    const moved = await send('eth_sendTransaction', { ...request, chainId: 56 }, hash)
    expect(moved.body.error).toMatchObject({
      name: 'ChainMismatchError',
      message: 'This request is for chain 56, but the wallet is on chain 1.',
    })
    const movedBody = await send('eth_sendTransaction', request, hash, 56)
    expect(movedBody.body.error?.name).toBe('ChainMismatchError')
    expect(await nonce()).toBe(before)
  })
})

describe('A7: fees capped on the server', () => {
  test('error: an over-cap gasPrice is refused when prepared and when sent; nothing is broadcast', async () => {
    const before = await nonce()
    const greedy = normalize('eth_sendTransaction', [
      { to: dev0, gasPrice: toHex(parseGwei('2000')) },
    ])
    const prepared = await prepare(greedy)
    expect(prepared.status).toBe(400)
    expect(prepared.body.error?.name).toBe('FeeCapExceededError')
    expect(prepared.body.error?.message).toMatch(
      /^The network fee \(0\.042 ETH\) is above this wallet's limit of 0\.000\d+ ETH\.$/,
    )
    // Straight to /v1/rpc with its gas set, bypassing prepare.
    const direct = { ...greedy, gas: '0x5208' } as CanonicalTransaction
    const answer = await send('eth_sendTransaction', direct)
    expect(answer.status).toBe(400)
    expect(answer.body.error?.name).toBe('FeeCapExceededError')
    expect(await nonce()).toBe(before)
  })

  test('error: gas × maxFeePerGas above the absolute maximum, and an unpriced transaction', async () => {
    const before = await nonce()
    const request = {
      ...normalize('eth_sendTransaction', [{ to: dev0 }]),
      gas: toHex(10_000_000n),
      maxFeePerGas: toHex(parseGwei('10')),
      maxPriorityFeePerGas: toHex(parseGwei('10')),
    }
    const answer = await send('eth_sendTransaction', request)
    expect(answer.body.error).toMatchObject({
      name: 'FeeCapExceededError',
      message: "The network fee (0.1 ETH) is above this wallet's limit of 0.05 ETH.",
    })
    const tip = await send('eth_sendTransaction', {
      ...request,
      gas: '0x5208',
      maxFeePerGas: toHex(parseGwei('20')),
      maxPriorityFeePerGas: toHex(parseGwei('15')),
    })
    expect(tip.body.error?.message).toBe(
      "The priority fee (15 gwei) is above this wallet's limit of 10 gwei.",
    )
    const unpriced = await send(
      'eth_sendTransaction',
      normalize('eth_sendTransaction', [{ to: dev0 }]),
    )
    expect(unpriced.body.error?.message).toBe(
      'Invalid request: The transaction was approved without its gas and fees; prepare it first.',
    )
    expect(await nonce()).toBe(before)
  })
})

describe('A9: typed data for another chain', () => {
  test('error: refused, raw or canonical', async () => {
    const typedData = {
      domain: { name: 'Permit', chainId: 56 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    const raw = await post('/v1/rpc', {
      chainId: 1,
      method: 'eth_signTypedData_v4',
      params: [address, typedData],
    })
    expect(raw.status).toBe(400)
    expect(raw.body.result).toBeUndefined()
    const request = {
      method: 'eth_signTypedData_v4',
      chainId: 1,
      account: address,
      typedData,
    }
    const answer = await send('eth_signTypedData_v4', request)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatchObject({
      name: 'ChainMismatchError',
      message: 'This signature request is for chain 56, but the wallet is on chain 1.',
    })
  })
})
