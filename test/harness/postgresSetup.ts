import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { giveToServerUser, stopPostgresServer } from './postgresServer'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of this run's PostgreSQL server, started by the first test that needs it (`postgres.ts`). */
    postgresDir: string
  }
}

/**
 * globalSetup: a folder for one PostgreSQL server per test run. The server starts lazily, in the
 * first worker that asks for a database (`createTestDatabase`), so runs without a PostgreSQL
 * test pay nothing; the teardown stops it (if it started) and removes its data.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pg-'))
  giveToServerUser(dir)
  project.provide('postgresDir', dir)
  return () => {
    try {
      stopPostgresServer(dir)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
