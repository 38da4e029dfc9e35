import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { migrations } from '../migrations'
import { createLibsqlStorage } from './createLibsqlStorage'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

test('behavior: three servers opening one new SQLite file at once all start; each migration is applied once', async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-migrate-'))
  const url = `file:${join(dir, 'latchkey.db')}`
  const storages = await Promise.all([1, 2, 3].map(() => createLibsqlStorage({ url })))
  const versions = await Promise.all(storages.map((storage) => storage.schemaVersion()))
  expect(versions).toEqual(Array(3).fill(migrations.at(-1)?.version))
  const { createClient } = await import('@libsql/client')
  const client = createClient({ url })
  const { rows } = await client.execute('SELECT version FROM schema_migrations ORDER BY version')
  client.close()
  expect(rows.map((row) => Number(row.version))).toEqual(migrations.map((each) => each.version))
  await Promise.all(storages.map((storage) => storage.close()))
})
