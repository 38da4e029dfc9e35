import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { PreparedFixture } from './prepareFixture'
import { consumerEnv } from './run'

/** The entries a browser app may import (`latchkey/server` needs the server peers installed). */
const browserEntries = ['latchkey', 'latchkey/connectors', 'latchkey/react']

/** What `tsc --skipLibCheck false` said about Latchkey's declarations in a consumer. */
export interface DeclarationsCheck {
  /** Diagnostics in `node_modules/latchkey/`, in the importing file, or of the project itself. */
  ours: string[]
  /** Diagnostics in other packages' declarations (wagmi 3 has some in this mode): not judged. */
  others: string[]
  /** Latchkey's `.d.ts` files the compiler read (proves the check ran on the installed package). */
  read: string[]
  seconds: number
}

/**
 * Type-checks the installed Latchkey's declarations inside a prepared fixture, under the
 * fixture's own `tsconfig.json` (its compiler options and its peer versions: React 18 or 19,
 * wagmi 2 or 3) with `skipLibCheck: false`, as a user with that setting would. One file importing
 * every browser entry is the only input, so the app's own files are left to its `typecheck`.
 * (test/unit/declarations.integration.test.ts checks every entry against the repository's own
 * peers, the versions the React 19 + wagmi 3 fixtures pin: the consumer check adds wagmi 2 and
 * React 18, whose types differ.)
 */
export async function checkDeclarations(dir: string): Promise<DeclarationsCheck> {
  const entriesFile = 'latchkey-declarations.ts'
  writeFileSync(
    join(dir, entriesFile),
    browserEntries.map((entry, i) => `export * as entry${i} from '${entry}'\n`).join(''),
  )
  const tsconfig = 'tsconfig.latchkey-declarations.json'
  writeFileSync(
    join(dir, tsconfig),
    `${JSON.stringify(
      {
        extends: './tsconfig.json',
        compilerOptions: { skipLibCheck: false, noEmit: true, incremental: false },
        files: [entriesFile],
        include: [],
      },
      null,
      2,
    )}\n`,
  )
  const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc')
  const started = performance.now()
  // tsc exits non-zero on any diagnostic (other packages' too): its output is read either way.
  const text = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      // TypeScript's own lib files are neither ours nor a peer's: not re-checked (saves time).
      [tsc, '-p', tsconfig, '--pretty', 'false', '--listFiles', '--skipDefaultLibCheck'],
      { cwd: dir, env: consumerEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error)
        else resolve(`${stdout}${stderr}`)
      },
    )
  })
  const seconds = (performance.now() - started) / 1000
  const lines = text.split('\n')
  const diagnostics = lines.filter((line) => /(^|\s)error TS\d+:/.test(line))
  const isOurs = (line: string) =>
    line.includes('node_modules/latchkey/') ||
    line.startsWith(entriesFile) ||
    line.startsWith('error') ||
    line.startsWith(tsconfig)
  return {
    ours: diagnostics.filter(isOurs),
    others: diagnostics.filter((line) => !isOurs(line)),
    read: lines.filter((line) => /node_modules\/latchkey\/.*\.d\.ts$/.test(line.trim())),
    seconds,
  }
}

/**
 * The consumer test step: Latchkey's declarations, installed in `fixture`, have no diagnostic
 * under `skipLibCheck: false`, and the check did read them (a resolution failure cannot pass).
 */
export async function expectDeclarationsPass(fixture: PreparedFixture | undefined): Promise<void> {
  if (!fixture) throw new Error('the fixture did not install (see the tests above)')
  const check = await checkDeclarations(fixture.dir)
  fixture.timings['declarations (skipLibCheck false)'] = check.seconds
  expect(check.ours).toEqual([])
  expect(check.read).toContainEqual(
    expect.stringMatching(/node_modules\/latchkey\/dist\/ui\/index\.d\.ts$/),
  )
}
