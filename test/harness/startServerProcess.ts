import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { LatchkeyServerOptions } from '../../server/options'

/** A real Latchkey server (SQLite, loopback) in a child process, for UI tests. */
export interface ServerProcess {
  url: string
  /** Closes its stdin: the server closes (indexer, sockets, database) and the process exits. */
  close(): Promise<void>
}

/**
 * Starts `serverProcess.ts` with tsx and the JSON-serialisable `options`: the server's modules
 * read `import.meta.url` as a file URL, which the UI tests' DOM environment does not give them,
 * so the server runs beside the test. `name` says which server failed when it exits early.
 */
export function startServerProcess(
  options: LatchkeyServerOptions,
  name = 'Latchkey server',
): Promise<ServerProcess> {
  const root = process.cwd()
  const child = spawn(
    resolve(root, 'node_modules/.bin/tsx'),
    [resolve(root, 'test/harness/serverProcess.ts'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((done, fail) => {
    let output = ''
    child.once('exit', (code) => fail(new Error(`The ${name} exited (${code}).`)))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((candidate) => candidate.startsWith('http'))
      if (!line) return
      done({
        url: line.trim(),
        close: () => {
          child.stdin.end()
          return exited
        },
      })
    })
  })
}
