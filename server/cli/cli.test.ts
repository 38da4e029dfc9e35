import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { createDeviceClient } from '../../test/harness/createDeviceClient'
import { spawnLatchkey } from '../../test/harness/latchkeyCli'

let child: ChildProcess | undefined
let dir: string | undefined

afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done))
    child.kill('SIGTERM')
    await exited
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('behavior: `latchkey serve` with no options is a working dev server (SQLite in cwd, codes on the console)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'))
  let output = ''
  // Only the port is set (0: a free one) so parallel runs do not collide; everything else is default.
  child = spawnLatchkey(['serve'], { cwd: dir, env: { LATCHKEY_PORT: '0' } })
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 60_000
    for (;;) {
      const match = pattern.exec(output)
      if (match) return match
      if (Date.now() > deadline || child?.exitCode !== null)
        throw new Error(`no ${pattern} in:\n${output}`)
      await new Promise((done) => setTimeout(done, 25))
    }
  }
  const url = (await waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]
  expect(output).toContain('WARNING: no master key given')
  expect(readdirSync(dir).sort()).toEqual(
    expect.arrayContaining(['latchkey.db', 'latchkey.db.master-key']),
  )

  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()
  const email = 'dev@example.test'
  const deviceId = 'device-cli-aaaaaaaaaaaa'
  expect(await post('/v1/connect-email', { email, deviceId })).toEqual({ action: 'VERIFY_OTP' })
  const otp = (await waitFor(/Your login code: (\d{6})/))[1]
  // Issue 8: a login carries a device proof and the session works only with that key's proofs.
  const device = await createDeviceClient(String(url))
  const login = await device.fetch('/v1/connect-otp', { body: { email, deviceId, otp } })
  const { token } = (await login.json()) as { token: string }
  const user = await (await device.fetch('/v1/user', { token })).json()
  expect(user).toMatchObject({ email, preferredAccountType: 'eoa' })
  // a server start: about a second alone, far longer beside the other suites on 2 cores
}, 120_000)
