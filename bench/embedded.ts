/**
 * Embedded-wallet figures for `npm run bench` (issue 3): frame ready time, email connect round
 * trips, the signing round trip, and server requests per second on loopback. No budgets in
 * DESIGN.md for these: printed as figures, without ✓/✗. Written under `embedded` in results.json.
 */
import type { Page } from 'playwright-core'
import { toHex } from 'viem'
import { hashCanonicalRequest } from '../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../src/approval/normalizeApprovalRequest'
import { defaultFrameTimeouts } from '../src/frame/defaultFrameTimeouts'
import { createDeviceClient } from '../test/harness/createDeviceClient'
import { launchLabBrowser } from './embedded/browser'
import { postJson } from './embedded/http'
import { startEmbeddedLab } from './embedded/lab'
import { measureServerRps, type RpsResult } from './embedded/rps'
import { type SignRun, signOnce, watchClicks } from './embedded/sign'
import { median } from './measureBrowser'

export interface EmbeddedOptions {
  /** Fresh frames timed for ready (after one cold, uncached frame). @default 10 */
  readyRuns?: number
  /** Email logins through the frame (each a new user). @default 5 */
  connectRuns?: number
  /** personal_sign approvals clicked in the frame. @default 5 */
  signRuns?: number
  /** Sequential server-only calls (POST /v1/rpc personal_sign). @default 20 */
  serverRuns?: number
  /** Per endpoint: load for this long… @default 3_000 */
  rpsDurationMs?: number
  /** …or this many requests. @default 20_000 */
  rpsMaxRequests?: number
}

export type Summary = { medianMs: number; runs: number[] }

export interface EmbeddedReport {
  storage: 'partitioned'
  frameReady?: {
    postReadyDelayMs: number
    /** mount() → the frame's READY message arrives in the host. */
    readyMessage: Summary
    /** mount() → `ready` resolves (READY plus the post-ready delay). */
    ready: Summary
    /** The first frame of a fresh profile (nothing cached), not in the medians. */
    cold: { readyMessageMs: number; readyMs: number }
  }
  emailConnect?: {
    /** CONNECT_EMAIL → VERIFY_OTP, through the frame (server mails the code by SMTP). */
    connectEmail: Summary
    /** CONNECT_OTP → success (new user: wallet key made), through the frame. */
    connectOtp: Summary
    /** The same two calls straight to the server (no browser, no frame). */
    server: { connectEmail: Summary; connectOtp: Summary }
  }
  signing?: {
    /** personal_sign request → result, Approve clicked inside the frame. */
    total: Summary
    toApproval: Summary
    approvalToClick: Summary
    clickToResult: Summary
    /** POST /v1/rpc personal_sign with the token and a device proof: the server's part, no click. */
    server: Summary
  }
  rps?: { concurrency: number; connectEmail: RpsResult; personalSign: RpsResult }
  offLoopback: string[]
  problems: string[]
  seconds: number
}

const round = (value: number) => Math.round(value * 10) / 10
const summary = (runs: number[]): Summary => ({
  medianMs: round(median(runs)),
  runs: runs.map(round),
})
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type BenchWindow = {
  lkBench: {
    measureReady(): Promise<{ readyMessageMs: number; readyMs: number }>
    openMain(): Promise<void>
    connectEmail(email: string): Promise<{ ms: number; value: { action: string } }>
    connectOtp(otp: string): Promise<{ ms: number }>
    getUser(): Promise<{ address: `0x${string}` }>
  }
}

/** Calls the host page's bench API (hostEntry.ts). */
const call = <T>(page: Page, name: keyof BenchWindow['lkBench'], arg?: string) =>
  page.evaluate(
    ([name, arg]) =>
      (
        (window as unknown as BenchWindow).lkBench[name as keyof BenchWindow['lkBench']] as (
          arg?: string,
        ) => Promise<unknown>
      )(arg),
    [name, arg] as const,
  ) as Promise<T>

async function timedPost(url: string, body: unknown, token?: string) {
  const start = performance.now()
  const response = await postJson(url, body, token)
  const json = (await response.json()) as Record<string, unknown>
  const ms = performance.now() - start
  if (!response.ok)
    throw new Error(`${new URL(url).pathname}: ${response.status} ${JSON.stringify(json)}`)
  return { ms, json }
}

/** Runs every embedded-wallet measurement; a failed part is named in `problems`, the rest still run. */
export async function measureEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedReport> {
  const {
    readyRuns = 10,
    connectRuns = 5,
    signRuns = 5,
    serverRuns = 20,
    rpsDurationMs = 3_000,
    rpsMaxRequests = 20_000,
  } = options
  const started = performance.now()
  const report: EmbeddedReport = {
    storage: 'partitioned',
    offLoopback: [],
    problems: [],
    seconds: 0,
  }
  const fail = (part: string, error: unknown) =>
    report.problems.push(`embedded ${part}: ${(error as Error).message.split('\n')[0]}`)

  const lab = await startEmbeddedLab()
  try {
    const browser = await launchLabBrowser(lab.browserArgs)
    report.offLoopback = browser.offLoopback
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage())
      await page.goto(lab.hostUrl)
      await page.waitForFunction(() => 'lkBench' in window)
      const run = {
        ready: () => call<{ readyMessageMs: number; readyMs: number }>(page, 'measureReady'),
        openMain: () => call<void>(page, 'openMain'),
        connectEmail: (email: string) =>
          call<{ ms: number; value: { action: string } }>(page, 'connectEmail', email),
        connectOtp: (otp: string) => call<{ ms: number }>(page, 'connectOtp', otp),
        getUser: () => call<{ address: `0x${string}` }>(page, 'getUser'),
      }

      // 1. Frame ready: one cold frame, then fresh frames with the frame's assets cached.
      try {
        const cold = await run.ready()
        const warm: (typeof cold)[] = []
        for (let i = 0; i < readyRuns; i++) {
          await sleep(100)
          warm.push(await run.ready())
        }
        report.frameReady = {
          postReadyDelayMs: defaultFrameTimeouts.postReadyDelay,
          readyMessage: summary(warm.map((r) => r.readyMessageMs)),
          ready: summary(warm.map((r) => r.readyMs)),
          cold: { readyMessageMs: round(cold.readyMessageMs), readyMs: round(cold.readyMs) },
        }
      } catch (error) {
        fail('frame ready', error)
      }

      // 2. Email connect through the frame; each run a new user (VERIFY_OTP, then a new key).
      let address: `0x${string}` | undefined
      try {
        await run.openMain()
        const email: number[] = []
        const otp: number[] = []
        const stamp = Date.now().toString(36)
        for (let i = 0; i < connectRuns; i++) {
          const to = `frame-${i}-${stamp}@bench.test`
          const after = lab.server.sink.mails.length
          const connect = await run.connectEmail(to)
          if (connect.value.action !== 'VERIFY_OTP')
            throw new Error(`CONNECT_EMAIL answered ${connect.value.action}`)
          const code = await lab.server.sink.waitForCode(to, { after })
          const verified = await run.connectOtp(code)
          email.push(connect.ms)
          otp.push(verified.ms)
        }
        address = (await run.getUser()).address
        // The same calls without the browser: the server's (and SMTP's) part.
        const serverEmail: number[] = []
        const serverOtp: number[] = []
        const deviceId = 'device-bench-server-aaaa'
        for (let i = 0; i < connectRuns; i++) {
          const to = `server-${i}-${stamp}@bench.test`
          const after = lab.server.sink.mails.length
          const connect = await timedPost(`${lab.server.url}/v1/connect-email`, {
            email: to,
            deviceId,
          })
          const code = await lab.server.sink.waitForCode(to, { after })
          // A login carries a proof by a new device key, as the frame's does.
          const device = await createDeviceClient(lab.server.url)
          const start = performance.now()
          const login = await device.fetch('/v1/connect-otp', {
            body: { email: to, deviceId, otp: code },
          })
          await login.json()
          if (!login.ok) throw new Error(`/v1/connect-otp: ${login.status}`)
          const verified = { ms: performance.now() - start }
          serverEmail.push(connect.ms)
          serverOtp.push(verified.ms)
        }
        report.emailConnect = {
          connectEmail: summary(email),
          connectOtp: summary(otp),
          server: { connectEmail: summary(serverEmail), connectOtp: summary(serverOtp) },
        }
      } catch (error) {
        fail('email connect', error)
      }

      // 3. Signing: personal_sign through the frame (click inside it), then the server alone.
      try {
        if (!address) throw new Error('no signed-in frame (email connect failed)')
        const frame = page.frames().find((f) => f.url().startsWith(`${lab.frameOrigin}/frame`))
        if (!frame) throw new Error('the frame is not in the page')
        await watchClicks(frame)
        const runs: SignRun[] = []
        for (let i = 0; i < signRuns; i++) {
          runs.push(await signOnce(page, frame, address, `Sign in to dapp.test\nnonce ${i}`))
          await sleep(100)
        }
        const token = await lab.server.login(`server-signer@bench.test`)
        const user = await lab.server.get<{ address: string }>('/v1/user', token)
        // What the frame sends after the click: the canonical request and its hash.
        const request = normalizeApprovalRequest({
          method: 'personal_sign',
          params: [toHex('bench'), user.body.address],
          chainId: 1,
          account: user.body.address,
        })
        const hash = hashCanonicalRequest(request)
        const server: number[] = []
        for (let i = -3; i < serverRuns; i++) {
          const start = performance.now()
          const answer = await lab.server.post(
            '/v1/rpc',
            { chainId: 1, method: 'personal_sign', request, hash },
            token,
          )
          if (answer.status !== 200) throw new Error(`/v1/rpc: ${answer.status}`)
          const ms = performance.now() - start
          if (i >= 0) server.push(ms)
        }
        report.signing = {
          total: summary(runs.map((r) => r.totalMs)),
          toApproval: summary(runs.map((r) => r.toApprovalMs)),
          approvalToClick: summary(runs.map((r) => r.approvalToClickMs)),
          clickToResult: summary(runs.map((r) => r.clickToResultMs)),
          server: summary(server),
        }
      } catch (error) {
        fail('signing', error)
      }
    } finally {
      await browser.close()
    }
  } catch (error) {
    fail('browser', error)
  } finally {
    await lab.close().catch(() => undefined)
  }

  // 4. Requests per second, with the browser and the lab gone.
  try {
    const concurrency = 16
    const rps = await measureServerRps({
      durationMs: rpsDurationMs,
      maxRequests: rpsMaxRequests,
      concurrency,
    })
    report.rps = { concurrency, connectEmail: rps.connectEmail, personalSign: rps.personalSign }
  } catch (error) {
    fail('requests per second', error)
  }

  report.seconds = round((performance.now() - started) / 1000)
  return report
}
