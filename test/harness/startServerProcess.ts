import { spawn } from 'node:child_process'
import type { LatchkeyServerOptions } from '../../server/options'
import { serverBundle } from './serverBundles'

/** A real Latchkey server (SQLite, loopback) in a child process, for UI tests. */
export interface ServerProcess {
  url: string
  /** Closes its stdin: the server closes (indexer, sockets, database) and the process exits. */
  close(): Promise<void>
  /** Kills the process at once (SIGKILL): no shutdown, sockets and connections cut as by a crash. */
  kill(): Promise<void>
}

/**
 * Starts `serverProcess.ts` (bundled by globalSetup, run with node) with the JSON-serialisable
 * `options`: the server's modules read `import.meta.url` as a file URL, which the UI tests' DOM
 * environment does not give them, so the server runs beside the test. `name` says which server
 * failed when it exits early.
 */
export function startServerProcess(
  options: LatchkeyServerOptions,
  name = 'Latchkey server',
): Promise<ServerProcess> {
  const bin = serverBundle('serverProcess')
  const child = spawn(bin.command, [...bin.args, JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
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
        kill: () => {
          child.kill('SIGKILL')
          return exited
        },
      })
    })
  })
}
