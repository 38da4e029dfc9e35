import { spawn } from 'node:child_process'

/** What a finished command printed. */
export interface RunResult {
  stdout: string
  stderr: string
  /** Seconds it took. */
  seconds: number
}

/**
 * The environment for a consumer's own tools: Vitest's variables (`NODE_ENV=test`, `VITEST*`)
 * removed, so `npm install` gets devDependencies and a build sees what a user's shell gives it.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST') continue
    env[key] = value
  }
  return { ...env, ...extra }
}

/**
 * Runs a command to its end; rejects with its output when it exits non-zero.
 * @example
 * await run('npm', ['pack'], { cwd: repo })
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<RunResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const seconds = (performance.now() - started) / 1000
      if (code === 0) resolve({ stdout, stderr, seconds })
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${options.cwd}) exited ${code ?? signal}\n${stdout.slice(-6000)}\n${stderr.slice(-6000)}`,
          ),
        )
    })
  })
}
