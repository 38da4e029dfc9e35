import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createLatchkeyCli, spawnLatchkey } from '../../test/harness/latchkeyCli'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { testMasterKey } from '../../test/harness/startTestServer'
import { migrations } from '../storage/migrations'

// Issue 17: `latchkey migrate` and `latchkey serve --database postgres://…`, as a user runs
// them, on a database of the run's PostgreSQL.
const servers = createLatchkeyCli()
let database: TestDatabase
let cwd: string
beforeAll(async () => {
  database = await createTestDatabase()
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-cli-pg-'))
})
afterEach(() => servers.stopAll())
afterAll(async () => {
  await database.drop()
  rmSync(cwd, { recursive: true, force: true })
})

/** Runs `latchkey …args` to its end; its exit code and output. */
function latchkey(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawnLatchkey(args, { cwd })
  let output = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  return new Promise((done) => child.once('exit', (code) => done({ code, output })))
}

test('behavior: migrate status lists pending migrations, up applies them once, status then lists them applied', async () => {
  const before = await latchkey(['migrate', 'status', '--database', database.url])
  expect(before.code).toBe(0)
  expect(before.output).toContain(`${migrations.length} pending of ${migrations.length}`)
  expect(before.output).toMatch(/ {3}1 {2}initial +pending/)
  const up = await latchkey(['migrate', 'up', '--database', database.url])
  expect(up).toMatchObject({ code: 0 })
  expect(up.output).toContain(
    `applied ${migrations.length} migrations (${migrations.map((m) => m.version).join(', ')})`,
  )
  expect((await latchkey(['migrate', 'up', '--database', database.url])).output).toContain(
    'the database is up to date',
  )
  const after = await latchkey(['migrate', 'status', '--database', database.url])
  expect(after.output).toContain(`0 pending of ${migrations.length}`)
  expect(after.output).toMatch(/ {3}1 {2}initial +applied \d{4}-\d\d-\d\dT/)
})

test('behavior: serve --database postgres://… serves from PostgreSQL and never prints the password', async () => {
  const url = database.url.replace('latchkey@', 'latchkey:s3cret@')
  const started = await servers.serve(
    ['--port', '0', '--database', url, '--master-key', testMasterKey],
    { cwd },
  )
  expect(started.output()).toContain(`database: ${url.replace('s3cret', '***')}`)
  expect(started.output()).not.toContain('s3cret')
  const response = await fetch(`${started.url}/v1/nonce`)
  expect(response.status).toBe(200)
  // A second instance on the same database starts beside it (nothing left to migrate).
  const second = await servers.serve(
    ['--port', '0', '--database', url, '--master-key', testMasterKey],
    { cwd },
  )
  expect((await fetch(`${second.url}/v1/nonce`)).status).toBe(200)
})
