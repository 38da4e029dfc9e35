import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { LatchkeyServerOptions } from '../../server/options'

/** A real Latchkey server with `chainData`, in a child process, for UI tests. */
export interface ChainDataServerProcess {
  url: string
  close(): Promise<void>
}

/**
 * Starts `siwxServerProcess.ts` (a test server taking its options as JSON) with `chains` and
 * `chainData`: the server's modules need a file `import.meta.url`, which the UI tests' DOM
 * environment does not give them, so it runs beside the test.
 */
export function startChainDataServer(
  options: Pick<LatchkeyServerOptions, 'chains' | 'chainData'>,
): Promise<ChainDataServerProcess> {
  const root = process.cwd()
  const child = spawn(
    resolve(root, 'node_modules/.bin/tsx'),
    [resolve(root, 'test/harness/siwxServerProcess.ts'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((done, fail) => {
    let output = ''
    child.once('exit', (code) => fail(new Error(`The chain data server exited (${code}).`)))
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
