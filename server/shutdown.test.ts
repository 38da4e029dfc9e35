import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { createSmtpSink, type SmtpSink } from '../test/harness/createSmtpSink'
import { createLatchkeyCli } from '../test/harness/latchkeyCli'
import { startTestServer, testMasterKey } from '../test/harness/startTestServer'
import { type LeasedDatabase, leaseTestDatabase } from '../test/harness/testDatabase'

// Issue 17: graceful shutdown. A request in flight is one waiting on a slow mail relay (a real
// SMTP server that accepts each mail late): POST /v1/connect-email answers once the code is sent.
const cli = createLatchkeyCli()
let sink: SmtpSink | undefined
let dir: string | undefined
let database: LeasedDatabase | undefined
afterEach(async () => {
  await cli.stopAll()
  await sink?.close()
  await database?.release()
  if (dir) rmSync(dir, { recursive: true, force: true })
  sink = undefined
  dir = undefined
  database = undefined
})

/** A sink that accepts mails `delayMs` late, and a promise of the first mail's data arriving. */
async function slowSink(delayMs: number): Promise<{ sink: SmtpSink; sending: Promise<void> }> {
  let arrived = () => {}
  const sending = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const created = await createSmtpSink({ acceptDelayMs: delayMs, onData: () => arrived() })
  return { sink: created, sending }
}

const connectEmail = (url: string) =>
  fetch(`${url}/v1/connect-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'slow@example.test', deviceId: 'device-slow-aaaaaaaaaa' }),
  })

test('behavior: on SIGTERM `latchkey serve` stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
  const slow = await slowSink(1_500)
  sink = slow.sink
  dir = mkdtempSync(join(tmpdir(), 'latchkey-shutdown-'))
  database = await leaseTestDatabase()
  const server = await cli.serve(
    [
      '--port',
      '0',
      '--database-url',
      database.url,
      '--master-key',
      testMasterKey,
      '--smtp-url',
      sink.url,
    ],
    { cwd: dir },
  )
  const url = server.url as string
  const inFlight = connectEmail(url)
  await slow.sending
  server.kill('SIGTERM')
  // New connections are refused from then on (the one in flight is not).
  await expect
    .poll(
      () =>
        fetch(`${url}/health`).then(
          () => 'accepted',
          () => 'refused',
        ),
      {
        timeout: 5_000,
        interval: 20,
      },
    )
    .toBe('refused')
  expect(server.exitCode()).toBeNull()
  const answer = await inFlight
  expect(answer.status).toBe(200)
  expect(await server.exited).toBe(0)
  expect(sink.mails.map((mail) => mail.to)).toEqual([['slow@example.test']])
  expect(server.output()).toContain('shutting down: no new connections, 1 request in flight')
})

test('behavior: a request still running at the shutdown deadline is cut off; /ready answers 503 while draining', async () => {
  const slow = await slowSink(3_000)
  sink = slow.sink
  const t = await startTestServer({ http: { shutdownTimeoutMs: 300 } }, { sink })
  const inFlight = connectEmail(t.url)
  await slow.sending
  const started = performance.now()
  const closing = t.close()
  const ready = await t.server.app.request('/ready')
  expect(ready.status).toBe(503)
  expect(await ready.json()).toEqual({ ok: false, reason: 'shutting down' })
  await closing
  expect(performance.now() - started).toBeLessThan(2_000)
  await expect(inFlight).rejects.toThrow()
})
