import { parseEther, toHex } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { hashCanonicalRequest } from '../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from '../test/harness/anvil'
import { createSmtpSink, type SmtpSink } from '../test/harness/createSmtpSink'
import { createTestDatabase, type TestDatabase } from '../test/harness/postgres'
import { type RoundRobinProxy, startRoundRobinProxy } from '../test/harness/startRoundRobinProxy'
import { dev0, dev1, type SendAnswer } from '../test/harness/startSendLab'
import { type ServerProcess, startServerProcess } from '../test/harness/startServerProcess'
import {
  type ApiAnswer,
  startTestServer,
  type TestCredential,
  type TestServer,
} from '../test/harness/startTestServer'

// Issue 17: one of three instances on one PostgreSQL is killed (SIGKILL, a crash) under a load of
// sends. Two instances run in child processes so that one can really die; the third runs here
// and lends its test helpers (proofs, logins), which go through the round-robin proxy.
let anvil: AnvilNode | undefined
let database: TestDatabase | undefined
let sink: SmtpSink | undefined
let proxy: RoundRobinProxy | undefined
let local: TestServer | undefined
const children: ServerProcess[] = []
afterEach(async () => {
  await proxy?.close()
  await Promise.all(children.splice(0).map((child) => child.kill()))
  await local?.close()
  await sink?.close()
  await database?.drop()
  await anvil?.stop()
  anvil = database = sink = proxy = local = undefined
})

type Account = { credential: TestCredential; address: `0x${string}` }

test('behavior: an instance killed mid-load: its requests in flight fail cleanly (502 at the proxy), the others carry on, no send is lost or doubled, and a restarted instance rejoins', async () => {
  anvil = await startAnvil({ chainId: 1 })
  ;[database, sink, proxy] = await Promise.all([
    createTestDatabase(),
    createSmtpSink(),
    startRoundRobinProxy(),
  ])
  const options = {
    databaseUrl: database.url,
    chains: { 1: anvil.rpcUrl },
    feeCap: { baseFeeMultiplier: 1_000 },
    rateLimits: {
      checksPerAddress: { limit: 10_000, windowMs: 600_000 },
      codesPerAddress: { limit: 10_000, windowMs: 600_000 },
    },
  }
  const child = () => startServerProcess({ ...options, smtpUrl: sink?.url }, 'instance')
  local = await startTestServer({ ...options, now: Date.now }, { via: proxy.url, sink })
  children.push(...(await Promise.all([child(), child()])))
  proxy.targets.push(local.directUrl, ...children.map((each) => each.url))
  const client = local

  const accounts: Account[] = []
  for (let i = 0; i < 3; i++) {
    const credential = await client.login(`crash${i}@example.test`, `device-crash-${i}-aaaaaaa`)
    const { address } = (await client.get<{ address: `0x${string}` }>('/v1/user', credential)).body
    await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
      { from: dev0, to: address, value: toHex(parseEther('1')) },
    ])
    accounts.push({ credential, address })
  }
  /** Prepare and send as the frame does; a failure at either step is the answer. */
  const send = async (account: Account): Promise<ApiAnswer<SendAnswer>> => {
    const request = normalizeApprovalRequest({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: dev1, value: '0x1' }],
      chainId: 1,
      account: account.address,
    })
    const prepared = await client.post<{ request: CanonicalRequest }>(
      '/v1/rpc/prepare',
      { chainId: 1, request },
      account.credential,
    )
    if (prepared.status !== 200) return prepared as unknown as ApiAnswer<SendAnswer>
    const approved = prepared.body.request
    return client.post<SendAnswer>(
      '/v1/rpc',
      {
        chainId: 1,
        method: 'eth_sendTransaction',
        request: approved,
        hash: hashCanonicalRequest(approved),
      },
      account.credential,
    )
  }
  const mined = (address: string, block: 'latest' | 'pending') =>
    rpc<string>(anvil?.rpcUrl ?? '', 'eth_getTransactionCount', [address, block]).then(Number)

  // 30 sends (10 per account); once a few are answered, instance 3 dies and the balancer (here
  // by hand, as its health check would) stops sending to it.
  let answered = 0
  const doomed = children[1] as ServerProcess
  const killed = (async () => {
    while (answered < 4) await new Promise((resolve) => setTimeout(resolve, 5))
    await doomed.kill()
    proxy?.targets.splice(proxy.targets.indexOf(doomed.url), 1)
  })()
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      send(accounts[i % 3] as Account).finally(() => {
        answered++
      }),
    ),
  )
  await killed
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.every((status) => status === 200 || status === 502)).toBe(true)
  expect(statuses.filter((status) => status === 502).length).toBeGreaterThan(0)
  const sent = answers.filter((answer) => answer.status === 200)
  expect(sent.map((answer) => answer.body.error)).toEqual(sent.map(() => undefined))
  const hashes = sent.map((answer) => answer.body.result as `0x${string}`)
  expect(new Set(hashes).size).toBe(hashes.length)

  /**
   * Every answered send is mined and nothing waits behind a nonce gap; mined are the answered
   * sends plus at most the failed ones whose transaction went out before the crash (none twice).
   */
  const checkChain = async (requests: number) => {
    for (const hash of hashes)
      expect(await rpc(anvil?.rpcUrl ?? '', 'eth_getTransactionReceipt', [hash])).not.toBeNull()
    let total = 0
    for (const account of accounts) {
      const count = await mined(account.address, 'latest')
      expect(await mined(account.address, 'pending')).toBe(count)
      total += count
    }
    expect(total).toBeGreaterThanOrEqual(hashes.length)
    expect(total).toBeLessThanOrEqual(hashes.length + (requests - hashes.length))
  }
  await checkChain(30)

  // The two left carry on; then a new instance joins, takes its turn, and every send succeeds.
  const carryOn = await Promise.all(accounts.map((account) => send(account)))
  expect(carryOn.map((answer) => answer.status)).toEqual([200, 200, 200])
  const rejoined = await child()
  children.push(rejoined)
  proxy.targets.push(rejoined.url)
  const later = await Promise.all(
    Array.from({ length: 6 }, (_, i) => send(accounts[i % 3] as Account)),
  )
  expect(later.map((answer) => answer.status)).toEqual(later.map(() => 200))
  hashes.push(...[...carryOn, ...later].map((answer) => answer.body.result as `0x${string}`))
  expect(new Set(hashes).size).toBe(hashes.length)
  await checkChain(30 + 3 + 6)
}, 180_000)
