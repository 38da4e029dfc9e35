/**
 * Sealed-wallet figures for `npm run bench -- --only sealed` (issue 16): signing with the key
 * reassembled in the frame (click → result ≤ 50 ms on loopback, ≤ 20 ms of it in the frame), and
 * the first login on a new device with a passkey (≤ 1 s). The three-site lab of the e2e suite
 * (dapp.test, wallet.test, a `custody: 'sealed'` server with passkeys), Chromium with partitioned
 * third-party storage and its virtual authenticator (user verification, PRF).
 */
import type { Frame, Page } from 'playwright-core'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import {
  frameOf,
  loginByEmail,
  openHost,
  settledAt,
  startRequest,
  waitForApproval,
  waitForResult,
} from '../test/e2e/frameHostPage'
import { startFrameLab } from '../test/e2e/frameLab'
import { partitioned, setPassword } from '../test/e2e/sealedFrame'
import { launchBrowser } from '../test/harness/browser'
import { median } from './measureBrowser'

type Summary = { medianMs: number; runs: number[] }

export interface SealedReport {
  signing: {
    /** The click on Approve (inside the frame) → the signature in the host page. */
    clickToResult: Summary
    /** Of that, the time not spent waiting for the server: reassembly, signing, both hops. */
    inFrame: Summary
  }
  newDevice: {
    /** "Continue with passkey" clicked on a device without the wallet's share → signed in. */
    passkeyLogin: Summary
    /** Then the first approval there: click → signature (the passkey's PRF opened the share). */
    firstSign: Summary
  }
}

const summary = (runs: number[]): Summary => ({
  medianMs: Math.round(median(runs) * 10) / 10,
  runs: runs.map((run) => Math.round(run * 10) / 10),
})

/** The wallet frame's own context (its origin, out of process). */
function walletFrame(page: Page, frameUrl: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(frameUrl))
  if (!frame) throw new Error('no wallet frame in the host page')
  return frame
}

/** Records, inside the frame, the epoch time of the last click (capture phase: first). */
async function watchClicks(frame: Frame) {
  await frame.evaluate(() => {
    document.addEventListener(
      'click',
      () => {
        ;(globalThis as { lkClickAt?: number }).lkClickAt =
          performance.timeOrigin + performance.now()
      },
      true,
    )
  })
}

/**
 * The frame's time spent waiting for the server between `from` and `to` (epoch ms): its fetches'
 * resource timings, overlapping ones counted once.
 */
function serverWaitMs(frame: Frame, from: number, to: number) {
  return frame.evaluate(
    ([from, to]) => {
      const spans = performance
        .getEntriesByType('resource')
        .map((entry) => [
          performance.timeOrigin + entry.startTime,
          performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd,
        ])
        .filter(([start, end]) => (start as number) >= from && (end as number) <= to)
        .sort((a, b) => (a[0] as number) - (b[0] as number))
      let total = 0
      let reach = from
      for (const [start, end] of spans as [number, number][]) {
        if (end <= reach) continue
        total += end - Math.max(start, reach)
        reach = end
      }
      return total
    },
    [from, to] as const,
  )
}

/** A personal_sign from the host, Approve clicked in the frame; returns click → result and the server's part. */
async function timedSign(page: Page, frameUrl: string, address: Hex, text: string) {
  const key = `bench-${text}`
  const approvals = await page.evaluate(
    () =>
      (window as unknown as { lkHost: { approvals: { type: string }[] } }).lkHost.approvals.filter(
        (event) => event.type === 'APPROVAL_REQUESTED',
      ).length,
  )
  await startRequest(page, key, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(text)), address],
  })
  await waitForApproval(page, approvals + 1)
  const frame = walletFrame(page, frameUrl)
  const approve = frameOf(page).getByRole('button', { name: 'Approve' })
  await frame.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>('button.lk-approve')
      return Boolean(button && !button.disabled)
    },
    undefined,
    { polling: 10 },
  )
  await approve.click()
  const outcome = await waitForResult(page, key)
  if (!outcome.ok) throw new Error(`personal_sign failed: ${outcome.error.name}`)
  const signature = (outcome.value as { result: Hex }).result
  if (!(await verifyMessage({ address, message: text, signature })))
    throw new Error('personal_sign: the signature does not verify')
  const clickAt = await frame.evaluate(() => (globalThis as { lkClickAt?: number }).lkClickAt)
  const doneAt = await settledAt(page, key)
  if (clickAt === undefined || doneAt === undefined) throw new Error('no click or result time')
  const total = doneAt - clickAt
  return { total, inFrame: total - (await serverWaitMs(frame, clickAt, doneAt)) }
}

/** Measures `signRuns` sealed signatures and `deviceRuns` new-device passkey logins. */
export async function measureSealed({ signRuns = 10, deviceRuns = 5 } = {}): Promise<SealedReport> {
  const lab = await startFrameLab({ server: { custody: 'sealed' }, passkeys: true })
  const browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...partitioned] })
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable', {})
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    })
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, 'bench-sealed@example.com')
    if (!user.ok) throw new Error(`email login failed: ${user.error.name}`)
    const address = (user.value as { address: Hex }).address
    await watchClicks(walletFrame(page, lab.frameUrl))

    // The first approval makes the wallet (key generated and split in the frame, password set).
    await startRequest(page, 'first', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode('first')), address],
    })
    await waitForApproval(page)
    await setPassword(page)
    await frameOf(page).getByRole('button', { name: 'Approve' }).click()
    if (!(await waitForResult(page, 'first')).ok) throw new Error('the first signature failed')

    const signTotal: number[] = []
    const signFrame: number[] = []
    for (let run = 0; run < signRuns + 2; run++) {
      const { total, inFrame } = await timedSign(page, lab.frameUrl, address, `sign ${run}`)
      if (run < 2) continue // warm-up: the frame's code paths compiled once
      signTotal.push(total)
      signFrame.push(inFrame)
    }

    // A passkey for the wallet origin, then new devices: the origin's storage cleared each time.
    await startRequest(page, 'register', 'REGISTER_PASSKEY')
    await clickIn(page, lab.frameUrl, 'PasskeyRegister', 'Create passkey')
    if (!(await waitForResult(page, 'register')).ok) throw new Error('passkey registration failed')
    const login: number[] = []
    const firstSign: number[] = []
    for (let run = 0; run < deviceRuns; run++) {
      await forgetWalletOrigin(page, lab.frameUrl)
      const key = `login-${run}`
      await startRequest(page, key, 'CONNECT_PASSKEY')
      await clickIn(page, lab.frameUrl, 'PasskeyLogin', 'Continue with passkey')
      const outcome = await waitForResult(page, key)
      if (!outcome.ok) throw new Error(`passkey login failed: ${outcome.error.name}`)
      const frame = walletFrame(page, lab.frameUrl)
      const clickAt = await frame.evaluate(() => (globalThis as { lkClickAt?: number }).lkClickAt)
      const doneAt = await settledAt(page, key)
      if (clickAt === undefined || doneAt === undefined) throw new Error('no login times')
      login.push(doneAt - clickAt)
      firstSign.push((await timedSign(page, lab.frameUrl, address, `new device ${run}`)).total)
    }
    return {
      signing: { clickToResult: summary(signTotal), inFrame: summary(signFrame) },
      newDevice: { passkeyLogin: summary(login), firstSign: summary(firstSign) },
    }
  } finally {
    await browser.close()
    await lab.close()
  }
}

/** Waits for the frame to show `view`, then clicks `button` on it (the click time recorded). */
async function clickIn(page: Page, frameUrl: string, view: string, button: string) {
  const frame = walletFrame(page, frameUrl)
  await frame.waitForSelector(`[data-view="${view}"]`)
  await watchClicks(frame)
  await frameOf(page).getByRole('button', { name: button }).click()
}

/** A new device for the wallet origin in this tab: its partitioned storage cleared, the page reloaded. */
async function forgetWalletOrigin(page: Page, frameUrl: string) {
  const cdp = await page.context().newCDPSession(walletFrame(page, frameUrl))
  const { frameTree } = await cdp.send('Page.getFrameTree')
  const { storageKey } = await cdp.send('Storage.getStorageKeyForFrame', {
    frameId: frameTree.frame.id,
  })
  await cdp.send('Storage.clearDataForStorageKey', { storageKey, storageTypes: 'all' })
  await cdp.detach()
  await page.reload()
  await page.waitForFunction(() =>
    Boolean(
      (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client.isReady,
    ),
  )
}
