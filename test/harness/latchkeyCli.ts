import { type ChildProcess, spawn } from 'node:child_process'
import { serverBundle } from './serverBundles'

/**
 * Spawns `latchkey …args` (the bin bundled by globalSetup, run with node; `nodeArgs` go to
 * node, as `--import` a hook) in `cwd` with `env` over this process's environment.
 */
export function spawnLatchkey(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): ChildProcess {
  const bin = serverBundle('cli')
  return spawn(bin.command, [...(options.nodeArgs ?? []), ...bin.args, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** A `latchkey serve` process: its URL once it listens (none when it exited first), its output. */
export interface ServeProcess {
  url: string | undefined
  /** stdout and stderr so far. */
  output(): string
  exitCode(): number | null
  /** Sends `signal` to the process. */
  kill(signal: NodeJS.Signals): void
  /** Its exit code once it exited (null when a signal ended it). */
  exited: Promise<number | null>
}

/** Starts `latchkey` processes for one test file and stops those still running. */
export interface LatchkeyCli {
  /**
   * Runs `latchkey serve …args` in `cwd` with `env` over this process's environment; resolves
   * once it printed its start summary, or when it exits first (then `url` is undefined, and with
   * `mustListen` it throws with the output). Gives up after 60 s (the machine may be busy).
   */
  serve(
    args: string[],
    options?: { cwd?: string; env?: Record<string, string>; mustListen?: boolean },
  ): Promise<ServeProcess>
  /** SIGTERM to every process still running, resolved once they exited (call in afterEach). */
  stopAll(): Promise<void>
}

/** A {@link LatchkeyCli}. */
export function createLatchkeyCli(): LatchkeyCli {
  const children: ChildProcess[] = []
  return {
    async serve(args, { cwd, env = {}, mustListen = true } = {}) {
      const child = spawnLatchkey(['serve', ...args], { cwd, env })
      children.push(child)
      let output = ''
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (chunk: Buffer) => {
          output += chunk.toString()
        })
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
      const started = {
        output: () => output,
        exitCode: () => child.exitCode,
        kill: (signal: NodeJS.Signals) => void child.kill(signal),
        exited,
      }
      const deadline = Date.now() + 60_000
      for (;;) {
        // The summary is one write: its last line says the server is whole.
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*chain data: .*\n/.exec(output)
        if (match) return { url: match[1], ...started }
        if (child.exitCode !== null && !mustListen) return { url: undefined, ...started }
        if (child.exitCode !== null)
          throw new Error(
            `latchkey serve exited with ${child.exitCode} before listening:\n${output}`,
          )
        if (Date.now() > deadline)
          throw new Error(`latchkey serve was not listening after 60 s:\n${output}`)
        await new Promise((done) => setTimeout(done, 25))
      }
    },
    async stopAll() {
      for (const child of children.splice(0))
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((done) => child.once('exit', done))
          child.kill('SIGTERM')
          await exited
        }
    },
  }
}
