import { spawn } from 'node:child_process'
import { freePort } from '../harness/anvil'
import { consumerEnv } from './run'

/** A consumer's own server (e.g. `next start`) running on loopback. */
export interface AppServer {
  url: string
  /** What it printed so far (for failure messages). */
  output(): string
  stop(): Promise<void>
}

/**
 * Runs `npm run <script> -- --port <free> --hostname 127.0.0.1` in `dir` and waits until it
 * answers HTTP. The child gets its own process group; `stop()` ends that group.
 */
export async function startAppServer(
  dir: string,
  script: string,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const port = await freePort()
  const child = spawn(
    'npm',
    ['run', '--silent', script, '--', '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd: dir, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    process.kill(-child.pid, 'SIGTERM')
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    }, 3_000)
    await exited
    clearTimeout(timer)
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${output}`)
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) })
      return { url, output: () => output, stop }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  await stop()
  throw new Error(`${script} did not answer on ${url} within 60 s:\n${output}`)
}
