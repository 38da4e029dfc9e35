import { spawn } from 'node:child_process'
import type { LatchkeyServerOptions } from '../../server/options'
import type { AnalyticsEventRecord } from '../../server/storage/types'
import { serverBundle } from './serverBundles'

/** A real Latchkey server with its analytics sink, for UI tests, in a child process. */
export interface AnalyticsServerProcess {
  url: string
  /** The project's stored events, read from the server's database. */
  listEvents(projectId: string): Promise<AnalyticsEventRecord[]>
  close(): Promise<void>
}

/**
 * Starts `analyticsServerProcess.ts` (bundled by globalSetup, run with node: the server's modules
 * need a file `import.meta.url`, which the UI tests' DOM environment does not give them, so the
 * server runs beside it).
 */
export function startAnalyticsServer(
  options: Pick<LatchkeyServerOptions, 'directory' | 'allowedOrigins' | 'rateLimits'>,
): Promise<AnalyticsServerProcess> {
  const bin = serverBundle('analyticsServerProcess')
  const child = spawn(bin.command, [...bin.args, JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  let buffer = ''
  const waiting: Array<(line: string) => void> = []
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    let end = buffer.indexOf('\n')
    while (end !== -1) {
      const line = buffer.slice(0, end)
      buffer = buffer.slice(end + 1)
      waiting.shift()?.(line)
      end = buffer.indexOf('\n')
    }
  })
  const nextLine = () => new Promise<string>((done) => waiting.push(done))
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`The analytics server exited (${code}).`)))
    nextLine().then((url) =>
      done({
        url: url.trim(),
        async listEvents(projectId) {
          const answer = nextLine()
          child.stdin.write(`list ${projectId}\n`)
          return (JSON.parse(await answer) as { events: AnalyticsEventRecord[] }).events
        },
        close: () => {
          child.stdin.end()
          return exited
        },
      }),
    )
  })
}
