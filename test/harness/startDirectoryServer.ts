import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { DirectoryOptions } from '../../server/directory/directoryOptions'

/** A real Latchkey server with its directory routes, in a child process (for UI tests). */
export interface DirectoryServerProcess {
  url: string
  close(): Promise<void>
}

/**
 * Starts a real `latchkey serve` (SQLite, its `directory` option) beside the UI tests: the
 * server's modules read `import.meta.url` as a file URL, which the DOM environment does not give
 * them, so it runs in its own Node process (the same runner as `startSiwxServer`).
 */
export function startDirectoryServer(
  directory: Partial<DirectoryOptions> = {},
): Promise<DirectoryServerProcess> {
  const root = process.cwd()
  const child = spawn(
    resolve(root, 'node_modules/.bin/tsx'),
    [resolve(root, 'test/harness/siwxServerProcess.ts'), JSON.stringify({ directory })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((done, fail) => {
    let output = ''
    child.once('exit', (code) => fail(new Error(`The directory server exited (${code}).`)))
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
