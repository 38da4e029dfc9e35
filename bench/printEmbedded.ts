import type { EmbeddedReport, Summary } from './embedded'
import type { RpsResult } from './embedded/rps'

/** Prints the figures (no budgets: no ✓/✗), in the style of the other parts (bench/benchRun.ts). */
export function printEmbedded(report: EmbeddedReport, log: (line?: string) => void): void {
  const line = (name: string, value: number | string, unit = 'ms') =>
    log(`    ${name.padEnd(46)} ${`${value} ${unit}`.padStart(10)}`)
  const runs = (s: Summary) => s.runs.join(', ')
  const ready = report.frameReady
  if (ready) {
    log(
      `  frame ready after the iframe is added (Chromium, host dapp.test, frame wallet.test, ${report.storage} storage; median of ${ready.ready.runs.length} fresh frames)`,
    )
    line('mount() → READY message', ready.readyMessage.medianMs)
    line(`mount() → ready (+${ready.postReadyDelayMs} ms post-ready delay)`, ready.ready.medianMs)
    log(
      `      first frame, nothing cached: READY ${ready.cold.readyMessageMs} ms, ready ${ready.cold.readyMs} ms`,
    )
    log(`      runs READY ${runs(ready.readyMessage)} | ready ${runs(ready.ready)}`)
  }
  const connect = report.emailConnect
  if (connect) {
    log(
      `  email connect round trips through the frame (new user each time; median of ${connect.connectEmail.runs.length})`,
    )
    line('CONNECT_EMAIL → VERIFY_OTP (code mailed)', connect.connectEmail.medianMs)
    line('CONNECT_OTP → session (new wallet key)', connect.connectOtp.medianMs)
    log(
      `      server alone (POST from Node, SMTP to the loopback sink included): connect-email ${connect.server.connectEmail.medianMs} ms, connect-otp ${connect.server.connectOtp.medianMs} ms`,
    )
    log(`      runs email ${runs(connect.connectEmail)} | otp ${runs(connect.connectOtp)}`)
  }
  const signing = report.signing
  if (signing) {
    log(
      `  signing round trip: personal_sign, Approve clicked inside the frame (median of ${signing.total.runs.length})`,
    )
    line('request → result (with the click)', signing.total.medianMs)
    log(
      `      request → approval shown ${signing.toApproval.medianMs} ms, → click ${signing.approvalToClick.medianMs} ms (500 ms click guard), click → result ${signing.clickToResult.medianMs} ms`,
    )
    line(
      `server: POST /v1/rpc personal_sign (n=${signing.server.runs.length})`,
      signing.server.medianMs,
    )
    log(`      runs total ${runs(signing.total)}`)
  }
  const rps = report.rps
  if (rps) {
    const detail = (r: RpsResult) => `${r.ok} ok, ${r.failed} failed in ${r.seconds} s`
    log(
      `  server requests per second (127.0.0.1, own process, SQLite file, mail to memory, ${rps.concurrency} in flight)`,
    )
    line('POST /v1/connect-email', rps.connectEmail.rps, 'req/s')
    line('POST /v1/rpc personal_sign', rps.personalSign.rps, 'req/s')
    log(
      `      connect-email ${detail(rps.connectEmail)} | personal_sign ${detail(rps.personalSign)}`,
    )
  }
  for (const problem of report.problems) log(`  ✗ ${problem}`)
  if (report.offLoopback.length)
    log(`  ✗ requests off loopback: ${report.offLoopback.slice(0, 5).join(', ')}`)
  log(`    (embedded wallet bench: ${report.seconds} s)`)
}
