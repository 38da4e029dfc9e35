import { parseEther, toHex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { type FaultyRpc, startFaultyRpc } from '../../test/harness/startFaultyRpc'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../../test/harness/startTestServer'

// H11 (non-idempotent sends) through the server's HTTP API, as the frame calls it, against a real
// anvil behind the fault-injecting proxy. Short deadlines keep it quick: a 1.5 s call deadline
// (default 10 s) and a 2 s reconcile window (default 6 s).

const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const dev1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const rpcOptions = { timeoutMs: 1_500, reconcileMs: 2_000 }

type Answer = {
  result?: unknown
  error?: { name: string; message: string; code?: number; hash?: string; nonce?: number }
}

let anvil: AnvilNode
let proxy: FaultyRpc
let t: TestServer
let token: TestCredential
let address: `0x${string}`

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  proxy = await startFaultyRpc(anvil.rpcUrl)
  t = await startTestServer({ chains: { 1: proxy.url }, rpc: rpcOptions })
  token = await t.login('sender@example.test')
  address = (await t.get<{ address: `0x${string}` }>('/v1/user', token)).body.address
  await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: dev0, to: address, value: toHex(parseEther('10')) },
  ])
})
afterAll(async () => {
  await t?.close()
  await proxy?.stop()
  await anvil?.stop()
})
afterEach(() => {
  proxy.clear()
  proxy.seen.length = 0
})

const onlySend = (request: { methods: string[] }) =>
  request.methods.includes('eth_sendRawTransaction')

/** What the frame does for eth_sendTransaction: prepare, then send the approved request. */
async function send(
  server = t,
  auth = token,
  value = '0x1',
): Promise<{ status: number; body: Answer }> {
  const request = normalizeApprovalRequest({
    method: 'eth_sendTransaction',
    params: [{ from: address, to: dev1, value }],
    chainId: 1,
    account: address,
  })
  const prepared = await server.post<{ request: CanonicalRequest }>(
    '/v1/rpc/prepare',
    { chainId: 1, request },
    auth,
  )
  expect(prepared.status).toBe(200)
  const approved = prepared.body.request
  return server.post<Answer>(
    '/v1/rpc',
    {
      chainId: 1,
      method: 'eth_sendTransaction',
      request: approved,
      hash: hashCanonicalRequest(approved),
    },
    auth,
  )
}

const mined = async () =>
  Number(await rpc<string>(anvil.rpcUrl, 'eth_getTransactionCount', [address, 'latest']))
const onChain = (hash: string) =>
  rpc<{ nonce: string; hash: string } | null>(anvil.rpcUrl, 'eth_getTransactionByHash', [hash])

describe('H11: non-idempotent sends', () => {
  test('behavior: H11 the answer is lost after the node took the send: the hash once, one transaction at that nonce', async () => {
    const nonce = await mined()
    proxy.script({ match: onlySend, fault: { kind: 'resetAfterForward' } })
    const answer = await send()
    expect(answer.status).toBe(200)
    const hash = answer.body.result as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // Never re-sent: the node saw one eth_sendRawTransaction.
    expect(proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(Number((await onChain(hash))?.nonce)).toBe(nonce)
    await expect.poll(() => mined(), { timeout: 5_000 }).toBe(nonce + 1)
    // The hash was recorded before the send, then marked sent.
    expect(await t.server.context.storage.sends.find(hash as `0x${string}`)).toMatchObject({
      nonce,
      status: 'sent',
    })
  })

  test('behavior: H11 the send hangs after the node took it: after the deadline, reconciled by hash', async () => {
    const nonce = await mined()
    proxy.script({ match: onlySend, fault: { kind: 'hangAfterForward' } })
    const started = Date.now()
    const answer = await send()
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(rpcOptions.timeoutMs + rpcOptions.reconcileMs + 2_000)
    expect(proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(Number((await onChain(answer.body.result as string))?.nonce)).toBe(nonce)
    await expect.poll(() => mined(), { timeout: 5_000 }).toBe(nonce + 1)
  })

  test('error: H11 a 503 that never reached the node: BroadcastUncertainError with the hash, not re-sent; the next send takes the nonce', async () => {
    const nonce = await mined()
    proxy.script({ match: onlySend, fault: { kind: 'respond', status: 503 } })
    const answer = await send()
    expect(answer.status).toBe(502)
    expect(answer.body.error).toMatchObject({
      name: 'BroadcastUncertainError',
      nonce,
      mayHaveBeenSent: true,
    })
    const lost = answer.body.error?.hash as string
    expect(lost).toMatch(/^0x[0-9a-f]{64}$/)
    expect(proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(await onChain(lost)).toBeNull()
    expect(await t.server.context.storage.sends.find(lost as `0x${string}`)).toMatchObject({
      status: 'uncertain',
    })
    // No gap: the next transaction takes the same nonce, so at most one of the two is ever mined.
    const next = await send(t, token, '0x2')
    expect(next.status).toBe(200)
    expect(Number((await onChain(next.body.result as string))?.nonce)).toBe(nonce)
    // The node may list the transaction a moment before its block is counted (a loaded runner).
    await expect.poll(() => mined(), { timeout: 5_000 }).toBe(nonce + 1)
  })

  test('error: H11 a node refusal is a definite failure: not sent, nonce kept for the next send', async () => {
    const nonce = await mined()
    proxy.script({
      match: onlySend,
      fault: {
        kind: 'respond',
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32003, message: 'insufficient funds for gas * price + value' },
        },
      },
    })
    const answer = await send()
    expect(answer.body.error).toMatchObject({ name: 'ChainRequestFailedError', code: -32003 })
    expect(proxy.count('eth_sendRawTransaction')).toBe(1)
    const next = await send(t, token, '0x2')
    expect(next.status).toBe(200)
    expect(Number((await onChain(next.body.result as string))?.nonce)).toBe(nonce)
  })

  test('behavior: H11 10 concurrent sends with a node whose pending count lags: all mined, consecutive nonces', async () => {
    const nonce = await mined()
    // A node behind a load balancer: every nonce it gives out (eth_getTransactionCount "pending",
    // or the one eth_fillTransaction fills in) is the one it gave the time before.
    let previous: string | undefined
    const stale = (fresh: string) => {
      const answer = previous ?? fresh
      previous = fresh
      return answer
    }
    proxy.script({
      match: (request) =>
        request.methods.includes('eth_getTransactionCount') ||
        request.methods.includes('eth_fillTransaction'),
      times: Number.POSITIVE_INFINITY,
      fault: {
        kind: 'rewrite',
        rewrite: (answer, request) => {
          const requests = (Array.isArray(request) ? request : [request]) as {
            id: unknown
            method: string
            params: unknown[]
          }[]
          const lagging = (entry: { id: unknown; result?: unknown }) => {
            const asked = requests.find((item) => item.id === entry.id)
            if (asked?.method === 'eth_getTransactionCount' && asked.params[1] === 'pending')
              return { ...entry, result: stale(entry.result as string) }
            const filled = entry.result as { tx?: { nonce?: string } } | undefined
            if (asked?.method === 'eth_fillTransaction' && filled?.tx?.nonce)
              return {
                ...entry,
                result: { ...filled, tx: { ...filled.tx, nonce: stale(filled.tx.nonce) } },
              }
            return entry
          }
          return Array.isArray(answer) ? answer.map(lagging) : lagging(answer as { id: unknown })
        },
      },
    })
    const answers = await Promise.all(Array.from({ length: 10 }, () => send()))
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const nonces = await Promise.all(
      answers.map(async (answer) => Number((await onChain(answer.body.result as string))?.nonce)),
    )
    expect([...nonces].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => nonce + i),
    )
    await expect.poll(() => mined(), { timeout: 5_000 }).toBe(nonce + 10)
  })

  test('behavior: H11 wallet_sendCalls: a call whose send is uncertain keeps its hash; dropped once its nonce is taken', async () => {
    const nonce = await mined()
    // The first call goes through; the second one's eth_sendRawTransaction gets a 503.
    proxy.script(
      { match: onlySend, fault: { kind: 'forward' } },
      { match: onlySend, fault: { kind: 'respond', status: 503 } },
    )
    const request = normalizeApprovalRequest({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: address,
          atomicRequired: false,
          calls: [
            { to: dev1, value: '0x64' },
            { to: dev1, value: '0xc8' },
          ],
        },
      ],
      chainId: 1,
      account: address,
    })
    const prepared = await t.post<{ request: CanonicalRequest }>(
      '/v1/rpc/prepare',
      { chainId: 1, request },
      token,
    )
    const approved = prepared.body.request
    const sent = await t.post<Answer>(
      '/v1/rpc',
      {
        chainId: 1,
        method: 'wallet_sendCalls',
        request: approved,
        hash: hashCanonicalRequest(approved),
      },
      token,
    )
    expect(sent.status).toBe(200)
    expect(proxy.count('eth_sendRawTransaction')).toBe(2)
    const id = (sent.body.result as { id: string }).id
    const status = async () =>
      (
        await t.post<{ result: { status: number; receipts: unknown[] } }>(
          '/v1/rpc',
          { chainId: 1, method: 'wallet_getCallsStatus', params: [id] },
          token,
        )
      ).body.result
    // The second call may still appear: pending, not failed.
    expect(await status()).toMatchObject({ status: 100, receipts: [{}] })
    await expect.poll(() => mined(), { timeout: 5_000 }).toBe(nonce + 1)
    // The account's next transaction takes its nonce: it can never be mined now.
    const next = await send(t, token, '0x7')
    expect(Number((await onChain(next.body.result as string))?.nonce)).toBe(nonce + 1)
    expect(await status()).toMatchObject({ status: 600, receipts: [{}] })
  })

  test('behavior: H11 after a restart the nonce is read from the chain again: no gap, no collision', async () => {
    const nonce = await mined()
    const before = await send(t, token, '0x3')
    expect(before.status).toBe(200)
    await t.server.close()
    // The same database and key, a new process state: nothing remembered but the chain.
    const again = await startTestServer({
      chains: { 1: proxy.url },
      rpc: rpcOptions,
      databaseUrl: `file:${t.databasePath}`,
      masterKey: t.masterKey,
    })
    try {
      const credential = await again.login('sender@example.test')
      const answers = [await send(again, credential, '0x4'), await send(again, credential, '0x5')]
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const nonces = await Promise.all(
        [before, ...answers].map(async (answer) =>
          Number((await onChain(answer.body.result as string))?.nonce),
        ),
      )
      expect(nonces).toEqual([nonce, nonce + 1, nonce + 2])
    } finally {
      await again.close()
    }
  })
})
