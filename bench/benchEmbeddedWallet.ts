import { type BenchRun, ms } from './benchRun'
import { measureDeviceProof } from './deviceProof'
import { measureEmbedded } from './embedded'
import { printEmbedded } from './printEmbedded'
import { measureSealed } from './sealed'
import { measureServerThroughput } from './serverThroughput'

// The parts of `npm run bench` that time the embedded wallet: its frame and server (d), device
// proofs (e), sealed wallets (issue 16) and the server's throughput (g).

/** d. Embedded wallet (bench/embedded.ts): figures only, no budgets. */
export async function benchEmbedded(run: BenchRun) {
  const { log, figure, elapsed } = run
  try {
    log(`\n▸ embedded wallet (server in-process, Chromium, loopback) [${elapsed()}]`)
    const embedded = await measureEmbedded()
    printEmbedded(embedded, log)
    run.results.embedded = embedded
    // Issue 8's budgets: the approval path and login stay fast with device proofs.
    if (embedded.signing)
      figure(
        'approval: click → result (500 ms guard excluded)',
        ms(embedded.signing.clickToResult.medianMs),
        'ms',
        50,
      )
    if (embedded.emailConnect)
      figure(
        'login: CONNECT_OTP → session',
        ms(embedded.emailConnect.connectOtp.medianMs),
        'ms',
        200,
      )
    run.problems.push(...embedded.problems)
    if (embedded.offLoopback.length)
      run.problems.push(`requests off loopback: ${embedded.offLoopback.join(', ')}`)
  } catch (error) {
    run.problems.push(`embedded: ${(error as Error).message}`)
    log(`  ✗ embedded wallet measurement failed: ${(error as Error).message}`)
  }
}

/** e. Device proof (bench/deviceProof.ts): server time a proof adds to each request. */
export async function benchDeviceProof(run: BenchRun) {
  const { log, figure, elapsed } = run
  try {
    log(
      `\n▸ device proof: server verification per request (SQLite file, 1,000 proofs) [${elapsed()}]`,
    )
    const proof = await measureDeviceProof()
    figure('device proof verify (median)', ms(proof.verify.medianMs), 'ms', 2)
    log(
      `      p99 ${proof.verify.p99Ms} ms; the jti INSERT alone ${proof.jtiInsert.medianMs} ms; client signs one in ${proof.sign.medianMs} ms`,
    )
    run.results.deviceProof = proof
  } catch (error) {
    run.problems.push(`device proof: ${(error as Error).message}`)
    log(`  ✗ device proof measurement failed: ${(error as Error).message}`)
  }
}

/** Sealed wallets (bench/sealed.ts, issue 16): signing with reassembly, new-device passkey login. */
export async function benchSealed(run: BenchRun) {
  const { log, figure, elapsed } = run
  try {
    log(
      `\n▸ sealed wallet: three-site lab, Chromium, virtual authenticator, loopback [${elapsed()}]`,
    )
    const sealed = await measureSealed()
    figure('sealed signing: click → result', sealed.signing.clickToResult.medianMs, 'ms', 50)
    figure(
      '  of it in the frame (server waits excluded)',
      sealed.signing.inFrame.medianMs,
      'ms',
      20,
    )
    figure(
      'new device: passkey click → signed in',
      sealed.newDevice.passkeyLogin.medianMs,
      'ms',
      1000,
    )
    log(`      then its first signature: click → result ${sealed.newDevice.firstSign.medianMs} ms`)
    run.results.sealed = sealed
  } catch (error) {
    run.problems.push(`sealed: ${(error as Error).message}`)
    log(`  ✗ sealed wallet measurement failed: ${(error as Error).message}`)
  }
}

/** g. Server throughput (bench/serverThroughput.ts): figures only, no budgets. */
export async function benchServerThroughput(run: BenchRun) {
  const { log, elapsed } = run
  try {
    log(
      `\n▸ server throughput: 16 clients for 4 s each, instances as child processes behind a round-robin proxy, loopback [${elapsed()}]`,
    )
    const figures = await measureServerThroughput()
    for (const each of figures)
      log(
        `      ${each.database.padEnd(8)} ${each.instances} instance${each.instances === 1 ? ' ' : 's'}  ${each.request.padEnd(13)} ${String(each.perSecond).padStart(5)} req/s  p50 ${each.p50Ms} ms  p99 ${each.p99Ms} ms${each.failed ? `  (${each.failed} failed)` : ''}`,
      )
    run.results.serverThroughput = figures
    const failed = figures.filter((each) => each.failed > 0)
    if (failed.length)
      run.problems.push(`server throughput: failed requests in ${failed.length} runs`)
  } catch (error) {
    run.problems.push(`server throughput: ${(error as Error).message}`)
    log(`  ✗ server throughput measurement failed: ${(error as Error).message}`)
  }
}
