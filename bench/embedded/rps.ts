import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { toHex } from 'viem'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { createDeviceClient } from '../../test/harness/createDeviceClient'
import { postJson } from './http'

/** Requests per second of one endpoint. */
export interface RpsResult {
  rps: number
  ok: number
  failed: number
  seconds: number
  concurrency: number
}

export interface RpsOptions {
  /** Stop after this long. @default 3_000 */
  durationMs?: number
  /** …or after this many requests, whichever comes first. @default 20_000 */
  maxRequests?: number
  /** Requests in flight. @default 16 */
  concurrency?: number
}

/**
 * Closed-loop load: `concurrency` workers, each sending its next request
 * when the last is answered, bounded by time and by count.
 */
export async function measureRps(
  request: (i: number) => Promise<Response>,
  { durationMs = 3_000, maxRequests = 20_000, concurrency = 16 }: RpsOptions = {},
): Promise<RpsResult> {
  let started = 0
  let ok = 0
  let failed = 0
  const start = performance.now()
  const end = start + durationMs
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && started < maxRequests) {
        const i = started++
        try {
          const response = await request(i)
          await response.arrayBuffer()
          if (response.ok) ok++
          else failed++
        } catch {
          failed++
        }
      }
    }),
  )
  const seconds = (performance.now() - start) / 1000
  return {
    rps: Math.round(ok / seconds),
    ok,
    failed,
    seconds: Math.round(seconds * 100) / 100,
    concurrency,
  }
}

export interface ServerRps {
  url: string
  connectEmail: RpsResult
  personalSign: RpsResult
}

function nextMessage(child: ChildProcess, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not answer')), timeoutMs)
    child.once('message', (value) => {
      clearTimeout(timer)
      resolve(String(value))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the bench server exited (${code})`))
    })
  })
}

/**
 * Requests per second for POST /v1/connect-email and POST /v1/rpc personal_sign, against a
 * server in a child process (loadServer.ts) on 127.0.0.1: SQLite file, mail to memory.
 */
export async function measureServerRps(options: RpsOptions = {}): Promise<ServerRps> {
  const child = fork(fileURLToPath(new URL('./loadServer.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  try {
    const url = await nextMessage(child)
    if (new URL(url).hostname !== '127.0.0.1') throw new Error(`not on 127.0.0.1: ${url}`)
    const deviceId = 'device-bench-aaaaaaaaaa'
    const run = Date.now().toString(36)

    const connectEmail = await measureRps(
      (i) => postJson(`${url}/v1/connect-email`, { email: `u${i}-${run}@bench.test`, deviceId }),
      options,
    )

    const email = `signer-${run}@bench.test`
    await (await postJson(`${url}/v1/connect-email`, { email, deviceId })).arrayBuffer()
    const answer = nextMessage(child)
    child.send(email)
    const otp = await answer
    // The session is bound to this client's device key: every call carries a fresh proof.
    const device = await createDeviceClient(url)
    const login = await device.fetch('/v1/connect-otp', { body: { email, deviceId, otp } })
    const { token } = (await login.json()) as { token?: string }
    if (!token) throw new Error(`login for the sign bench failed (${login.status})`)
    const user = await device.fetch('/v1/user', { token })
    const { address } = (await user.json()) as { address: string }
    // What the frame sends after the click: the canonical request and its hash.
    const request = normalizeApprovalRequest({
      method: 'personal_sign',
      params: [toHex('bench'), address],
      chainId: 1,
      account: address,
    })
    const body = {
      chainId: 1,
      method: 'personal_sign',
      request,
      hash: hashCanonicalRequest(request),
    }
    const personalSign = await measureRps(() => device.fetch('/v1/rpc', { body, token }), options)
    return { url, connectEmail, personalSign }
  } finally {
    if (child.connected) child.disconnect()
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve()
      else child.once('exit', () => resolve())
    })
    const timer = setTimeout(() => child.kill(), 5_000)
    await exited
    clearTimeout(timer)
  }
}
