import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { inject } from '../harness/inject'
import { type PreparedFixture, prepareFixture } from './prepareFixture'
import { consumerEnv, run } from './run'

// Issue 9, item 10: an empty server folder, `npm install latchkey hono @hono/node-server
// @libsql/client nodemailer viem @simplewebauthn/server` (the tarball for latchkey), then
// `npx latchkey serve`.
const rpcUrls = inject('rpcUrls')
let fixture: PreparedFixture | undefined
let server: ChildProcess | undefined
const dirs: string[] = []

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server?.once('exit', done))
    // npx runs latchkey as its child: the whole group it leads goes.
    process.kill(-server.pid, 'SIGTERM')
    await exited
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

/** Starts `npx latchkey serve …` in the fixture; resolves with its URL once it listens. */
async function serve(dir: string, args: string[]): Promise<string> {
  const child = spawn('npx', ['latchkey', 'serve', ...args], {
    cwd: dir,
    env: consumerEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  server = child
  let output = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  const deadline = Date.now() + 60_000
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
    if (match) return match[1] as string
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`npx latchkey serve did not start:\n${output}`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

describe('consumer: a server-only install (no React, no wagmi), from the packed tarball', () => {
  test('default: installs without React, ReactDOM, wagmi or TanStack Query', async () => {
    fixture = await prepareFixture('server-only')
    const installed = (name: string) => existsSync(join(fixture?.dir ?? '', 'node_modules', name))
    const frontEnd = ['react', 'react-dom', 'wagmi', '@wagmi/core', '@tanstack/react-query']
    expect(frontEnd.filter(installed)).toEqual([])
    expect(['latchkey', 'hono', '@libsql/client', 'viem'].filter(installed)).toHaveLength(4)
  }, 900_000)

  test('default: `npx latchkey --version` prints the installed version', async () => {
    if (!fixture) throw new Error('the fixture did not install (see the test above)')
    const { version } = JSON.parse(
      readFileSync(join(fixture.dir, 'node_modules/latchkey/package.json'), 'utf8'),
    ) as { version: string }
    const result = await run('npx', ['latchkey', '--version'], { cwd: fixture.dir })
    expect(result.stdout).toBe(`${version}\n`)
  }, 120_000)

  test('behavior: `npx latchkey serve` starts and serves the frame page and its script', async () => {
    if (!fixture) throw new Error('the fixture did not install (see the test above)')
    const data = mkdtempSync(join(tmpdir(), 'latchkey-server-only-'))
    dirs.push(data)
    const url = await serve(fixture.dir, [
      '--port',
      '0',
      '--database-url',
      join(data, 'latchkey.db'),
      '--master-key',
      randomBytes(32).toString('hex'),
      '--allowed-origins',
      'shop=http://dapp.test:5173',
      '--chains',
      `1=${rpcUrls[1]}`,
    ])
    const page = await fetch(`${url}/frame?projectId=shop&chainId=1`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain(
      'frame-ancestors http://dapp.test:5173',
    )
    const html = await page.text()
    expect(html).toContain('<main id="latchkey-frame"')
    // The page's script is the prebuilt one in the package (esbuild is not installed here).
    const script = /<script defer src="([^"]+)"/.exec(html)?.[1]
    expect(script).toMatch(/^\/frame\/assets\/frame-[0-9a-f]{16}\.js$/)
    const asset = await fetch(`${url}${script}`)
    expect(asset.status).toBe(200)
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    expect(existsSync(join(data, 'latchkey.db'))).toBe(true)
  }, 120_000)
})
