import { mkdir, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'

/**
 * The server programs tests start in child processes: the `latchkey` bin and the UI tests'
 * server processes. globalSetup bundles them once per Vitest process with esbuild, beside
 * prebuilt frame assets, and tests run them with node, as the published package runs its bin.
 * Run from source with tsx, each start transformed the server and built the frame page again:
 * 5.7 s of CPU against 1.7 s bundled (a `latchkey serve` to listening, measured alone), and on
 * a 2-core runner under the whole suite, starts from source ran past 60 s.
 */
const entries = {
  cli: 'server/cli.ts',
  serverProcess: 'test/harness/serverProcess.ts',
  analyticsServerProcess: 'test/harness/analyticsServerProcess.ts',
} as const

/** A bundled server program. */
export type ServerBundle = keyof typeof entries

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the bundled server programs (`serverBundle`). */
    serverBundles: string
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Bundles once per Vitest process, whichever projects ask (each has this globalSetup). */
let built: { dir: Promise<string>; users: number } | undefined

async function build(): Promise<string> {
  // Inside the repository, so the bundles' packages (left external) resolve from node_modules.
  const dir = join(root, 'node_modules/.cache/latchkey-test-bundles', String(process.pid))
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const { build } = await import('esbuild')
  const { buildFrameAssets } = await import('../../server/frame/buildFrameAssets')
  await Promise.all([
    build({
      entryPoints: Object.fromEntries(
        Object.entries(entries).map(([name, path]) => [name, join(root, path)]),
      ),
      bundle: true,
      // As the published build (tsup): what the bin imports late (the server, once it checked
      // its packages) stays a chunk of its own, loaded only then.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    }),
    // Where a bundled server looks for prebuilt assets (`prebuiltFrameDirs`): `frame/` beside it.
    buildFrameAssets({ outDir: join(dir, 'frame') }),
  ])
  return dir
}

/** globalSetup: bundles the server programs and provides their folder to the tests. */
export default async function setup(project: TestProject) {
  built ??= { dir: build(), users: 0 }
  built.users++
  const dir = await built.dir
  project.provide('serverBundles', dir)
  return async () => {
    if (!built || --built.users > 0) return
    built = undefined
    await rm(dir, { recursive: true, force: true })
  }
}

/** The command that runs a bundled server program: node and its file (from a test, by inject). */
export function serverBundle(name: ServerBundle): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(inject('serverBundles'), `${name}.mjs`)] }
}
