import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import type { Logger } from '../logger'
import { parseMasterKey } from './masterKey'

/** The local path of a `file:` database URL, or undefined for other URLs. */
export function databaseFilePath(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('file:')) return undefined
  const url = databaseUrl.split('?')[0] ?? databaseUrl
  return url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length)
}

function readOrCreateKeyFile(path: string): Buffer {
  try {
    return parseMasterKey(readFileSync(path, 'utf8'))
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error
  }
  const key = randomBytes(32)
  // 'wx' fails if another process created the file meanwhile: never overwrite a key.
  writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  return key
}

/**
 * The master key: the one given, else (dev mode) one kept in a file beside a local SQLite
 * database, else an ephemeral one for an in-memory database. Dev keys are announced loudly.
 */
export function resolveMasterKey(options: {
  masterKey?: string | undefined
  databaseUrl: string
  logger: Logger
}): Buffer {
  if (options.masterKey) return parseMasterKey(options.masterKey)
  const path = databaseFilePath(options.databaseUrl)
  if (path) {
    const keyPath = `${path}.master-key`
    const key = readOrCreateKeyFile(keyPath)
    options.logger.warn(
      `WARNING: no master key given; using the development key in ${keyPath}. Anyone with this file and the database can use every wallet. Set LATCHKEY_MASTER_KEY (32 bytes, hex) in production and keep it apart from the database.`,
    )
    return key
  }
  if (options.databaseUrl === ':memory:') {
    options.logger.warn(
      'WARNING: no master key given; using an ephemeral key for the in-memory database.',
    )
    return randomBytes(32)
  }
  throw new OptionsValidationError({
    option: 'masterKey',
    reason: 'Required when the database is not a local file.',
  })
}
