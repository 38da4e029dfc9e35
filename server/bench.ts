import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toHex } from 'viem'
import { createLatchkeyServer } from './createLatchkeyServer'
import type { Mail } from './mail/types'
import { createDeviceClient } from './testing/createDeviceClient'

// Requests per second on loopback for connect-email and personal_sign (npm run bench; not a test).
// The server runs in a child process so the load generator does not share its CPU. Mail goes to
// an in-memory mailer so the numbers are the server's, not an SMTP server's.

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 3_000)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const unlimited = { limit: 1e9, windowMs: 60_000 }

async function measure(name: string, request: (i: number) => Promise<Response>) {
  let done = 0
  let failed = 0
  const end = performance.now() + durationMs
  const start = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const response = await request(worker * 1e6 + done)
        await response.arrayBuffer()
        if (response.ok) done++
        else failed++
      }
    }),
  )
  const seconds = (performance.now() - start) / 1000
  console.log(
    `${name}: ${Math.round(done / seconds)} req/s (${done} ok, ${failed} failed, concurrency ${concurrency})`,
  )
}

async function runServer() {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'))
  const mails: Mail[] = []
  const server = await createLatchkeyServer({
    databaseUrl: `file:${join(dir, 'bench.db')}`,
    masterKey: 'be'.repeat(32),
    mailer: { send: async (mail) => void mails.push(mail) },
    rateLimits: {
      codesPerEmail: unlimited,
      codesPerAddress: unlimited,
      checksPerAddress: unlimited,
    },
    logger: { info: () => {}, warn: () => {} },
  })
  const { url } = await server.listen({ port: 0 })
  // The parent reads codes through IPC: the bench needs one login.
  process.on('message', (to: string) => {
    process.send?.(mails.findLast((mail) => mail.to === to)?.subject ?? '')
  })
  process.once('disconnect', () => {
    void server.close().then(() => rmSync(dir, { recursive: true, force: true }))
  })
  process.send?.(url)
}

function json(body: unknown, token?: string): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  }
}

async function runClient() {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: process.execArgv })
  const next = () =>
    new Promise<string>((done) => child.once('message', (value) => done(String(value))))
  const url = await next()
  const deviceId = 'device-bench-aaaaaaaaaa'

  await measure('connect-email', (i) =>
    fetch(`${url}/v1/connect-email`, json({ email: `u${i}@bench.test`, deviceId })),
  )

  const email = 'signer@bench.test'
  await fetch(`${url}/v1/connect-email`, json({ email, deviceId }))
  child.send(email)
  const otp = /: (\d{6})$/.exec(await next())?.[1]
  // The session is bound to this client's device key: every call carries a fresh proof.
  const device = await createDeviceClient(url)
  const login = await device.fetch('/v1/connect-otp', { body: { email, deviceId, otp } })
  const { token } = (await login.json()) as { token: string }
  const user = await device.fetch('/v1/user', { token })
  const { address } = (await user.json()) as { address: string }
  const params = [toHex('bench'), address]
  await measure('personal_sign', () =>
    device.fetch('/v1/rpc', { body: { chainId: 1, method: 'personal_sign', params }, token }),
  )
  child.disconnect()
}

await (process.argv.includes('--server') ? runServer() : runClient())
