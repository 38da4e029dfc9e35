/**
 * Server cost of a device proof (issue 8: ≤ 2 ms per request): `tsx bench/deviceProof.ts`.
 * Verifies real proofs (Node WebCrypto P-256) against a real SQLite file, as sessionMiddleware
 * does after the session lookup: parse, thumbprint, method/path/body hash, signature, time,
 * nonce, and the one-time `jti` insert. Prints medians and p99 in ms; not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { issueProofNonce } from '../server/auth/proofNonce'
import { verifyRequestProof } from '../server/auth/verifyRequestProof'
import { deriveKeys } from '../server/crypto/masterKey'
import { createLibsqlStorage } from '../server/storage/libsql/createLibsqlStorage'
import { createDeviceProof } from '../src/deviceProof/createDeviceProof'
import { createTestDeviceKey } from '../test/harness/startTestServer'

/** Figures of one run, in ms. */
export interface DeviceProofReport {
  runs: number
  /** verifyRequestProof: everything the proof adds to a request on the server. */
  verify: { medianMs: number; p99Ms: number }
  /** A jti insert alone (SQLite, one conditional INSERT; part of `verify`). */
  jtiInsert: { medianMs: number; p99Ms: number }
  /** Client side: signing one proof (Node WebCrypto), for comparison. */
  sign: { medianMs: number; p99Ms: number }
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const round = (value: number) => Math.round(value * 1000) / 1000
  return { medianMs: round(at(0.5)), p99Ms: round(at(0.99)) }
}

/** Measures `runs` proofs (after 50 warm-up ones). */
export async function measureDeviceProof(runs = 1_000): Promise<DeviceProofReport> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-proof-bench-'))
  const storage = await createLibsqlStorage({ url: `file:${join(dir, 'bench.db')}` })
  try {
    const context = { storage, now: () => Date.now(), keys: deriveKeys(new Uint8Array(32).fill(7)) }
    const key = await createTestDeviceKey()
    const body = new TextEncoder().encode(
      JSON.stringify({ chainId: 1, method: 'personal_sign', params: ['0x68656c6c6f', '0x0'] }),
    )
    const verify: number[] = []
    const sign: number[] = []
    const insert: number[] = []
    for (let i = -50; i < runs; i++) {
      const signStart = performance.now()
      const proof = await createDeviceProof({
        privateKey: key.privateKey,
        jwk: key.jwk,
        method: 'POST',
        path: '/v1/rpc',
        body,
        nonce: issueProofNonce(context),
        iat: Math.floor(Date.now() / 1000),
      })
      const signed = performance.now()
      await verifyRequestProof(
        context,
        { method: 'POST', path: '/v1/rpc', body, proof },
        { thumbprint: key.thumbprint },
      )
      const verified = performance.now()
      const insertStart = performance.now()
      await storage.proofIds.use(`bench.${i}.${crypto.randomUUID()}`, Date.now() + 60_000)
      const inserted = performance.now()
      if (i < 0) continue
      sign.push(signed - signStart)
      verify.push(verified - signed)
      insert.push(inserted - insertStart)
    }
    return { runs, verify: stats(verify), jtiInsert: stats(insert), sign: stats(sign) }
  } finally {
    await storage.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measureDeviceProof(Number(process.env.BENCH_RUNS ?? 1_000))
  const line = (name: string, value: { medianMs: number; p99Ms: number }) =>
    console.log(`  ${name.padEnd(44)} median ${value.medianMs} ms, p99 ${value.p99Ms} ms`)
  console.log(`device proof, ${report.runs} requests (budget: ≤ 2 ms server time per request)`)
  line(`server: verifyRequestProof ${report.verify.medianMs <= 2 ? '✓' : '✗'}`, report.verify)
  line('  a jti INSERT alone (included above)', report.jtiInsert)
  line('client: sign one proof (Node WebCrypto)', report.sign)
}
