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

/** The run's folder, shared by every project of one Vitest process, and how many use it. */
const shared = globalThis as { latchkeyPostgres?: { dir: string; projects: number } }

/**
 * globalSetup: a folder for one PostgreSQL server per test run, shared by every project that
 * names this setup (Vitest loads it once per project: `integration`, `integration-isolated` and
 * `integration-pg` all use the one server). The server starts lazily, in the first worker that
 * asks for a database (`createTestDatabase`), so runs without a PostgreSQL test pay nothing; the
 * last project's teardown stops it (if it started) and removes its data.
 */
export default function setup(project: TestProject) {
  if (!shared.latchkeyPostgres) {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-pg-'))
    giveToServerUser(dir)
    shared.latchkeyPostgres = { dir, projects: 0 }
  }
  const run = shared.latchkeyPostgres
  run.projects += 1
  project.provide('postgresDir', run.dir)
  return () => {
    run.projects -= 1
    if (run.projects > 0) return
    shared.latchkeyPostgres = undefined
    try {
      stopPostgresServer(run.dir)
    } finally {
      rmSync(run.dir, { recursive: true, force: true })
    }
  }
}
