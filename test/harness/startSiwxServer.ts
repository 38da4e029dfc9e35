import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { LatchkeyServerOptions } from '../../server/options'

/** A real Latchkey server for UI tests, in a child process. */
export interface SiwxServerProcess {
  url: string
  close(): Promise<void>
}

/**
 * Starts `siwxServerProcess.ts` with tsx: the server's modules read `import.meta.url` as a file
 * URL, which the UI tests' DOM environment does not give them, so the server runs beside it.
 */
export function startSiwxServer(
  options: Pick<LatchkeyServerOptions, 'siwx' | 'allowedOrigins'>,
): Promise<SiwxServerProcess> {
  const root = process.cwd()
  const child = spawn(
    resolve(root, 'node_modules/.bin/tsx'),
    [resolve(root, 'test/harness/siwxServerProcess.ts'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((done, fail) => {
    let output = ''
    child.once('exit', (code) => fail(new Error(`The sign-in server exited (${code}).`)))
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
