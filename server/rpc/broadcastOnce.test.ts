import { keccak256 } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { dev1, type SendAnswer, type SendLab, startSendLab } from '../../test/harness/startSendLab'
import { startTestServer } from '../../test/harness/startTestServer'

// H11 (non-idempotent sends) through the server's HTTP API, as the frame calls it, against a real
// anvil behind the fault-injecting proxy. Short deadlines keep it quick: a 1.5 s call deadline
// (default 10 s) and a 2 s reconcile window (default 6 s).

const rpcOptions = { timeoutMs: 1_500, reconcileMs: 2_000 }

let lab: SendLab
// Measured, not asserted (STYLE §15): printed once as `[H figures]` for docs/chain-calls.md.
const figures: Record<string, number> = {}

/**
 * Of a send whose answer was lost, in ms up to `answeredAt`: since eth_sendRawTransaction reached
 * the node's door, and since the first lookup after it (the start of reconcileSend).
 */
function lostSendTook(answeredAt: number): { sinceSend: number; reconcile: number } {
  const seen = lab.proxy.seen
  const sent = seen.findIndex((request) => request.methods.includes('eth_sendRawTransaction'))
  const lookup = seen.slice(sent).find((r) => r.methods.includes('eth_getTransactionByHash'))
  return {
    sinceSend: answeredAt - (seen[sent]?.at ?? Number.NaN),
    reconcile: answeredAt - (lookup?.at ?? Number.NaN),
  }
}

beforeAll(async () => {
  lab = await startSendLab(rpcOptions)
})
afterAll(async () => {
  if (Object.keys(figures).length > 0) console.log(`[H figures] ${JSON.stringify(figures)}`)
  await lab?.close()
})
afterEach(() => {
  lab.proxy.clear()
  lab.proxy.seen.length = 0
})

const onlySend = (request: { methods: string[] }) =>
  request.methods.includes('eth_sendRawTransaction')

describe('H11: non-idempotent sends', () => {
  test('behavior: H11 the answer is lost after the node took the send: the hash once, one transaction at that nonce', async () => {
    const nonce = await lab.mined()
    lab.proxy.script({ match: onlySend, fault: { kind: 'resetAfterForward' } })
    const answer = await lab.send()
    figures.resetSendReconcileMs = lostSendTook(Date.now()).reconcile
    expect(answer.status).toBe(200)
    const hash = answer.body.result as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // Never re-sent: the node saw one eth_sendRawTransaction.
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(Number((await lab.onChain(hash))?.nonce)).toBe(nonce)
    await expect.poll(() => lab.mined(), { timeout: 5_000 }).toBe(nonce + 1)
    // The hash was recorded before the send, then marked sent.
    expect(await lab.server.server.context.storage.sends.find(hash as `0x${string}`)).toMatchObject(
      {
        nonce,
        status: 'sent',
      },
    )
  })

  test('behavior: H11 the hash is known before sending: its chain_sends row is in the database when eth_sendRawTransaction reaches the node', async () => {
    const nonce = await lab.mined()
    let atTheDoor: { hash: string; rows: Record<string, unknown>[] } | undefined
    lab.proxy.script({
      match: onlySend,
      fault: { kind: 'forward' },
      // Read by a connection of its own to the database, as another process would.
      before: async ({ body }) => {
        const [raw] = (body as { params: [`0x${string}`] }).params
        const hash = keccak256(raw)
        const rows = await lab.server.query(
          'SELECT hash, address, nonce, status FROM chain_sends WHERE hash = ?',
          [hash],
        )
        atTheDoor = { hash, rows }
      },
    })
    const answer = await lab.send()
    expect(answer.status).toBe(200)
    // The transaction the node received is the one whose hash the visitor got.
    expect(atTheDoor?.hash).toBe(answer.body.result)
    expect(atTheDoor?.rows).toEqual([
      { hash: answer.body.result, address: lab.address, nonce, status: 'sending' },
    ])
  })

  test('behavior: H11 the send hangs after the node took it: after the deadline, reconciled by hash', async () => {
    const nonce = await lab.mined()
    lab.proxy.script({ match: onlySend, fault: { kind: 'hangAfterForward' } })
    const started = Date.now()
    const answer = await lab.send()
    const took = lostSendTook(Date.now())
    figures.hungSendAnswerMs = took.sinceSend
    figures.hungSendReconcileMs = took.reconcile
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(rpcOptions.timeoutMs + rpcOptions.reconcileMs + 2_000)
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(Number((await lab.onChain(answer.body.result as string))?.nonce)).toBe(nonce)
    await expect.poll(() => lab.mined(), { timeout: 5_000 }).toBe(nonce + 1)
  })

  test('error: H11 a 503 that never reached the node: BroadcastUncertainError with the hash, not re-sent; the next send takes the nonce', async () => {
    const nonce = await lab.mined()
    lab.proxy.script({ match: onlySend, fault: { kind: 'respond', status: 503 } })
    const answer = await lab.send()
    const took = lostSendTook(Date.now())
    figures.uncertainSendAnswerMs = took.sinceSend
    figures.uncertainSendReconcileMs = took.reconcile
    expect(answer.status).toBe(502)
    expect(answer.body.error).toMatchObject({
      name: 'BroadcastUncertainError',
      nonce,
      mayHaveBeenSent: true,
    })
    const lost = answer.body.error?.hash as string
    expect(lost).toMatch(/^0x[0-9a-f]{64}$/)
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(1)
    expect(await lab.onChain(lost)).toBeNull()
    expect(await lab.server.server.context.storage.sends.find(lost as `0x${string}`)).toMatchObject(
      {
        status: 'uncertain',
      },
    )
    // No gap: the next transaction takes the same nonce, so at most one of the two is ever mined.
    const next = await lab.send({ value: '0x2' })
    expect(next.status).toBe(200)
    expect(Number((await lab.onChain(next.body.result as string))?.nonce)).toBe(nonce)
    // The node may list the transaction a moment before its block is counted (a loaded runner).
    await expect.poll(() => lab.mined(), { timeout: 5_000 }).toBe(nonce + 1)
  })

  test('error: H11 a node refusal is a definite failure: not sent, nonce kept for the next send', async () => {
    const nonce = await lab.mined()
    lab.proxy.script({
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
    const answer = await lab.send()
    // Over HTTP the visitor reads that it did not go out: sending again is safe.
    expect(answer.status).toBe(400)
    expect(answer.body.error).toEqual({
      name: 'ChainRequestFailedError',
      message: 'insufficient funds for gas * price + value',
      code: -32003,
      mayHaveBeenSent: false,
    })
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(1)
    const next = await lab.send({ value: '0x2' })
    expect(next.status).toBe(200)
    expect(Number((await lab.onChain(next.body.result as string))?.nonce)).toBe(nonce)
  })

  test('behavior: H11 10 concurrent sends with a node whose pending count lags: all mined, consecutive nonces', async () => {
    // Nonces, not deadlines: a lab of its own with the default 10 s call deadline (ten sends at
    // once went past the file's 1.5 s on a loaded runner), and a retry starts from a clean chain.
    const lab = await startSendLab({ ...rpcOptions, timeoutMs: 10_000 })
    onTestFinished(() => lab.close())
    const nonce = await lab.mined()
    // A node behind a load balancer: every nonce it gives out (eth_getTransactionCount "pending",
    // or the one eth_fillTransaction fills in) is the one it gave the time before.
    let previous: string | undefined
    const stale = (fresh: string) => {
      const answer = previous ?? fresh
      previous = fresh
      return answer
    }
    lab.proxy.script({
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
    const answers = await Promise.all(Array.from({ length: 10 }, () => lab.send()))
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const nonces = await Promise.all(
      answers.map(async (answer) =>
        Number((await lab.onChain(answer.body.result as string))?.nonce),
      ),
    )
    expect([...nonces].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => nonce + i),
    )
    await expect.poll(() => lab.mined(), { timeout: 5_000 }).toBe(nonce + 10)
  })

  test('behavior: H11 wallet_sendCalls: a call whose send is uncertain keeps its hash; dropped once its nonce is taken', async () => {
    const nonce = await lab.mined()
    // The first call goes through; the second one's eth_sendRawTransaction gets a 503.
    lab.proxy.script(
      { match: onlySend, fault: { kind: 'forward' } },
      { match: onlySend, fault: { kind: 'respond', status: 503 } },
    )
    const request = normalizeApprovalRequest({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: lab.address,
          atomicRequired: false,
          calls: [
            { to: dev1, value: '0x64' },
            { to: dev1, value: '0xc8' },
          ],
        },
      ],
      chainId: 1,
      account: lab.address,
    })
    const prepared = await lab.server.post<{ request: CanonicalRequest }>(
      '/v1/rpc/prepare',
      { chainId: 1, request },
      lab.credential,
    )
    const approved = prepared.body.request
    const sent = await lab.server.post<SendAnswer>(
      '/v1/rpc',
      {
        chainId: 1,
        method: 'wallet_sendCalls',
        request: approved,
        hash: hashCanonicalRequest(approved),
      },
      lab.credential,
    )
    expect(sent.status).toBe(200)
    expect(lab.proxy.count('eth_sendRawTransaction')).toBe(2)
    const id = (sent.body.result as { id: string }).id
    const status = async () =>
      (
        await lab.server.post<{ result: { status: number; receipts: unknown[] } }>(
          '/v1/rpc',
          { chainId: 1, method: 'wallet_getCallsStatus', params: [id] },
          lab.credential,
        )
      ).body.result
    // The second call may still appear: pending, not failed.
    expect(await status()).toMatchObject({ status: 100, receipts: [{}] })
    await expect.poll(() => lab.mined(), { timeout: 5_000 }).toBe(nonce + 1)
    // The account's next transaction takes its nonce: it can never be mined now.
    const next = await lab.send({ value: '0x7' })
    expect(Number((await lab.onChain(next.body.result as string))?.nonce)).toBe(nonce + 1)
    expect(await status()).toMatchObject({ status: 600, receipts: [{}] })
  })

  test('behavior: H11 after a restart the nonce is read from the chain again: no gap, no collision', async () => {
    const nonce = await lab.mined()
    const before = await lab.send({ value: '0x3' })
    expect(before.status).toBe(200)
    await lab.server.server.close()
    // The same database and key, a new process state: nothing remembered but the chain.
    const again = await startTestServer({
      chains: { 1: lab.proxy.url },
      rpc: rpcOptions,
      databaseUrl: lab.server.databaseUrl,
      masterKey: lab.server.masterKey,
    })
    try {
      const credential = await again.login('sender@example.test')
      const answers = [
        await lab.send({ value: '0x4', server: again, credential }),
        await lab.send({ value: '0x5', server: again, credential }),
      ]
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const nonces = await Promise.all(
        [before, ...answers].map(async (answer) =>
          Number((await lab.onChain(answer.body.result as string))?.nonce),
        ),
      )
      expect(nonces).toEqual([nonce, nonce + 1, nonce + 2])
    } finally {
      await again.close()
    }
  })
})
