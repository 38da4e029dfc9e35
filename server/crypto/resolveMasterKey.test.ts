import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { databaseFilePath, resolveMasterKey } from './resolveMasterKey'

let dir: string
const warnings: string[] = []
const logger = { info: () => {}, warn: (message: string) => void warnings.push(message) }
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-key-'))
  warnings.length = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('default: dev mode makes a 0600 key file beside the database, warns, and reuses it', () => {
  const databaseUrl = `file:${join(dir, 'latchkey.db')}`
  const first = resolveMasterKey({ databaseUrl, logger })
  const keyPath = join(dir, 'latchkey.db.master-key')
  expect(readFileSync(keyPath, 'utf8').trim()).toBe(first.toString('hex'))
  expect(statSync(keyPath).mode & 0o777).toBe(0o600)
  expect(warnings[0]).toMatch(/^WARNING: no master key given; using the development key in /)
  expect(resolveMasterKey({ databaseUrl, logger })).toEqual(first)
})

test('parameters: a given key wins, silently', () => {
  const key = resolveMasterKey({ masterKey: 'ab'.repeat(32), databaseUrl: 'file:x.db', logger })
  expect(key.toString('hex')).toBe('ab'.repeat(32))
  expect(warnings).toEqual([])
})

test('behavior: a remote database needs a key', () => {
  expect(() => resolveMasterKey({ databaseUrl: 'libsql://db.example', logger })).toThrowError(
    'Invalid option "masterKey": Required when the database is not a local file.',
  )
})

test('databaseFilePath', () => {
  expect(databaseFilePath('file:./latchkey.db')).toBe('./latchkey.db')
  expect(databaseFilePath('file:///tmp/a.db?mode=rw')).toBe('/tmp/a.db')
  expect(databaseFilePath(':memory:')).toBeUndefined()
})
