import { afterEach, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { startTestServer, type TestServer } from '../../test/harness/startTestServer'
import { migrations } from '../storage/migrations'

// Issue 17: /health (the process) and /ready (the database answers and is migrated).
let t: TestServer | undefined
let database: TestDatabase | undefined
afterEach(async () => {
  await t?.close()
  await database?.drop()
  t = undefined
  database = undefined
})

const latest = migrations.at(-1)?.version

async function start(backend: 'sqlite' | 'postgres'): Promise<TestServer> {
  if (backend === 'sqlite') return startTestServer()
  database = await createTestDatabase()
  return startTestServer({ databaseUrl: database.url })
}

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('default: /health and /ready answer ok, never cached', async () => {
    t = await start(backend)
    for (const path of ['/health', '/ready']) {
      const response = await fetch(`${t.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual({ ok: true })
    }
  })

  test('behavior: a database behind the code’s migrations is not ready (503); /health stays up', async () => {
    t = await start(backend)
    await t.query(`DELETE FROM schema_migrations WHERE version = ${latest}`)
    const response = await fetch(`${t.url}/ready`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      ok: false,
      reason: `database at migration ${(latest ?? 0) - 1} of ${latest}`,
    })
    expect((await fetch(`${t.url}/health`)).status).toBe(200)
  })
})

test('behavior: an unreachable PostgreSQL is not ready (503); /health stays up', async () => {
  t = await start('postgres')
  expect((await fetch(`${t.url}/ready`)).status).toBe(200)
  // The database goes away under the running server (its connections are ended by force).
  await database?.drop()
  database = undefined
  const response = await fetch(`${t.url}/ready`)
  expect(response.status).toBe(503)
  expect(await response.json()).toEqual({ ok: false, reason: 'database unreachable' })
  expect((await fetch(`${t.url}/health`)).status).toBe(200)
})
