import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { createLatchkeyCli, spawnLatchkey } from '../../test/harness/latchkeyCli'

// Issue 9, item 10: the `latchkey` command as a user runs it, in real processes.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const hideHook = pathToFileURL(join(root, 'test/harness/hidePackages.fixture.mjs')).href
const children: ChildProcess[] = []
const servers = createLatchkeyCli()
const dirs: string[] = []

afterEach(async () => {
  await servers.stopAll()
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'))
  dirs.push(dir)
  return dir
}

type Run = { code: number | null; stdout: string; stderr: string }

/** Runs `latchkey …` in `cwd` to its end (it must end within 60 s: the machine may be busy). */
function latchkey(
  args: string[],
  { cwd = tempDir(), env = {}, nodeArgs = [] as string[] } = {},
): Promise<Run> {
  const child = spawnLatchkey(args, { cwd, env: { LATCHKEY_PORT: '0', ...env }, nodeArgs })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`latchkey ${args.join(' ')} did not end:\n${stdout}${stderr}`)),
      60_000,
    )
    child.once('exit', (code) => {
      clearTimeout(timer)
      done({ code, stdout, stderr })
    })
  })
}

/** Starts `latchkey serve …` on a free port and an in-memory database; its URL once it listens. */
async function serve(args: string[]): Promise<string> {
  const started = await servers.serve(['--port', '0', '--db', ':memory:', ...args], {
    cwd: tempDir(),
  })
  return started.url as string
}

/** Node's own parser and stack texts a user must never see. */
const rawText = /ERR_PARSE_ARGS|TypeError|Error:|\n\s+at /

test('behavior: `latchkey` with no command prints help, exits 1 and starts nothing', async () => {
  const cwd = tempDir()
  const run = await latchkey([], { cwd })
  expect(run.code).toBe(1)
  expect(run.stderr).toContain('no command given; to start the server: latchkey serve')
  expect(run.stderr).toContain('Usage: latchkey <command> [options]')
  expect(`${run.stdout}${run.stderr}`).not.toContain('listening')
  expect(readdirSync(cwd)).toEqual([])
})

test('default: --help and help print the commands, every flag and its env and option names', async () => {
  for (const args of [['--help'], ['help'], ['serve', '-h']]) {
    const run = await latchkey(args)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: latchkey <command> [options]')
    expect(run.stdout).toContain('--siwx-domain <host[:port]>')
    expect(run.stdout).toMatch(
      /--master-key <hex\|base64>.*\[LATCHKEY_MASTER_KEY\]\s+option: masterKey/s,
    )
    expect(run.stdout).toMatch(
      /--database-url <path\|url>.*\[LATCHKEY_DATABASE_URL\]\s+option: databaseUrl/s,
    )
  }
})

test('default: --version, -v and version print the package version', async () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string
  }
  for (const args of [['--version'], ['-v'], ['version']]) {
    const run = await latchkey(args)
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` })
  }
})

test('error: typos in commands and flags get "did you mean", flag names and no raw parser text', async () => {
  const cwd = tempDir()
  const cases: [string[], string][] = [
    [['serv'], 'latchkey: Unknown command "serv". Did you mean latchkey serve?'],
    [['serve', '--prot', '9000'], 'latchkey: Unknown flag "--prot". Did you mean --port?'],
    [
      ['serve', '--master-kye=ab'],
      'latchkey: Unknown flag "--master-kye". Did you mean --master-key?',
    ],
    [['serve', '--siwx-domian', 'a.test'], 'Did you mean --siwx-domain?'],
    [['serve', '--port'], 'latchkey: Flag "--port" needs a value (--port <value>).'],
    [['serve', '--version=2'], 'latchkey: Flag "--version" takes no value.'],
    [['serve', '--port', 'eighty'], 'latchkey: Invalid option "--port": Expected a port number'],
    [
      ['serve', '--master-key', 'abc'],
      'latchkey: Invalid option "--master-key": Expected 32 bytes as 64 hex characters or base64.',
    ],
    [
      ['serve', '--siwx-chain', '1'],
      'latchkey: Invalid option "--siwx-chain": Needs --siwx-domain',
    ],
  ]
  const runs = await Promise.all(cases.map(([args]) => latchkey(args, { cwd })))
  for (const [index, [args, message]] of cases.entries()) {
    const run = runs[index] as Run
    expect(run.code, args.join(' ')).toBe(1)
    expect(run.stderr).toContain(message)
    expect(run.stderr).not.toMatch(rawText)
    expect(run.stderr).not.toMatch(/masterKey|databaseUrl|allowedOrigins/)
  }
  expect(readdirSync(cwd)).toEqual([])
})

test('error: every missing package is named in one npm install line, and nothing is written before', async () => {
  // The hook makes Node's resolver answer for these packages exactly as when they are absent
  // from node_modules (ERR_MODULE_NOT_FOUND); the CLI and its loader run unchanged.
  const cwd = tempDir()
  const run = await latchkey(['serve', '--smtp', 'smtp://127.0.0.1:2525'], {
    cwd,
    nodeArgs: ['--import', hideHook],
    env: { LATCHKEY_TEST_HIDDEN_PACKAGES: 'hono,@hono/node-server,@libsql/client,nodemailer' },
  })
  expect(run.code).toBe(1)
  const installLines = run.stderr.split('\n').filter((line) => line.includes('npm install'))
  expect(installLines).toEqual(['  npm install hono @hono/node-server @libsql/client nodemailer'])
  expect(run.stderr).not.toMatch(rawText)
  expect(readdirSync(cwd)).toEqual([])
  // Without --smtp, nodemailer is not needed and not asked for.
  const lean = await latchkey(['serve'], {
    cwd,
    nodeArgs: ['--import', hideHook],
    env: { LATCHKEY_TEST_HIDDEN_PACKAGES: '@libsql/client,nodemailer' },
  })
  expect(lean.code).toBe(1)
  expect(lean.stderr).toContain('\n  npm install @libsql/client\n')
  expect(readdirSync(cwd)).toEqual([])
})

test('behavior: --siwx-domain enables sign-in; without it /v1/siwx/* is a 501 saying how', async () => {
  const [off, on] = await Promise.all([
    serve([]),
    serve(['--siwx-domain', 'dapp.test', '--siwx-chain', '1']),
  ])
  const offAnswer = await fetch(`${off}/v1/siwx/nonce`)
  expect(offAnswer.status).toBe(501)
  const body = (await offAnswer.json()) as { error: { name: string; message: string } }
  expect(body.error.name).toBe('SiwxNotConfiguredError')
  expect(body.error.message).toContain('latchkey serve --siwx-domain <host>')
  const onAnswer = await fetch(`${on}/v1/siwx/nonce`)
  expect(onAnswer.status).toBe(200)
  expect(await onAnswer.json()).toEqual({ nonce: expect.any(String) })
})

/** Starts `latchkey serve` with exactly these arguments and environment; its URL and output. */
async function start(
  args: string[],
  { cwd = tempDir(), env = {} as Record<string, string> } = {},
): Promise<{ url: string; output: () => string }> {
  const { url, output } = await servers.serve(args, { cwd, env })
  return { url: url as string, output }
}

test('behavior: canonical flags, their variables and the older names all configure the server (issue 9)', async () => {
  const key = 'cd'.repeat(32)
  const canonical = [
    ['--port', '0'],
    ['--database-url', 'canonical.db'],
    ['--master-key', key],
    ['--chains', '31337=http://127.0.0.1:9'],
    ['--allowed-origins', '*=http://127.0.0.1:*'],
    ['--siwx-domain', 'dapp.test'],
    ['--trust-proxy', '10.0.0.0/8'],
    ['--headers-timeout-ms', '5000'],
    ['--max-fee-per-transaction', 'default=0.01'],
  ].flat()
  const older = [
    ['--port', '0'],
    ['--db', 'older.db'],
    ['--master-key', key],
    ['--rpc', '31337=http://127.0.0.1:9'],
    ['--origins', '*=http://127.0.0.1:*'],
    ['--siwx-domain', 'dapp.test'],
    ['--trusted-proxy', '10.0.0.0/8'],
    ['--headers-timeout', '5000'],
    ['--max-fee', 'default=0.01'],
  ].flat()
  const variables = {
    LATCHKEY_PORT: '0',
    LATCHKEY_DATABASE_URL: 'variables.db',
    LATCHKEY_MASTER_KEY: key,
    LATCHKEY_CHAINS: '31337=http://127.0.0.1:9',
    LATCHKEY_ALLOWED_ORIGINS: '*=http://127.0.0.1:*',
    LATCHKEY_SIWX_DOMAIN: 'dapp.test',
    LATCHKEY_TRUST_PROXY: '10.0.0.0/8',
    LATCHKEY_HEADERS_TIMEOUT_MS: '5000',
    LATCHKEY_MAX_FEE_PER_TRANSACTION: 'default=0.01',
  }
  const olderVariables = {
    ...variables,
    LATCHKEY_DATABASE_URL: 'older-variables.db',
    LATCHKEY_CHAINS: '',
    LATCHKEY_RPC: '31337=http://127.0.0.1:9',
    LATCHKEY_ALLOWED_ORIGINS: '',
    LATCHKEY_ORIGINS: '*=http://127.0.0.1:*',
    LATCHKEY_MAX_FEE_PER_TRANSACTION: '',
    LATCHKEY_MAX_FEE: 'default=0.01',
  }
  const cwd = tempDir()
  const servers = await Promise.all([
    start(canonical, { cwd }),
    start(older, { cwd }),
    start([], { cwd, env: variables }),
    start([], { cwd, env: olderVariables }),
  ])
  for (const [index, server] of servers.entries()) {
    const name = ['canonical.db', 'older.db', 'variables.db', 'older-variables.db'][index]
    const output = server.output()
    expect(output).toContain(`database: file:${name}`)
    expect(output).toContain('chains: 31337')
    expect(output).toContain('sign-in (SIWX): dapp.test')
    // The master key was taken: no development key file, no warning.
    expect(output).not.toContain('no master key given')
    expect((await fetch(`${server.url}/v1/siwx/nonce`)).status).toBe(200)
  }
  const files = readdirSync(cwd)
  expect(files).toEqual(
    expect.arrayContaining(['canonical.db', 'older-variables.db', 'older.db', 'variables.db']),
  )
  expect(files.filter((file) => file.endsWith('.master-key'))).toEqual([])
}, 180_000)

test('default: help lists every canonical flag and variable first, the older names after', async () => {
  const { serveFlags, envName } = await import('./serveFlags')
  const run = await latchkey(['--help'])
  const [options = '', older = ''] = run.stdout.split('Older names, still accepted:')
  for (const flag of serveFlags) {
    expect(options).toContain(`  --${flag.name} ${flag.placeholder}`)
    expect(options).toContain(`[${envName(flag.name)}]`)
    for (const alias of flag.aliases ?? []) {
      expect(options).not.toMatch(new RegExp(`^  --${alias} `, 'm'))
      expect(older).toMatch(new RegExp(`^  --${alias} +--${flag.name}$`, 'm'))
    }
    for (const alias of flag.envAliases ?? [])
      expect(older).toMatch(new RegExp(`^  ${alias} +${envName(flag.name)}$`, 'm'))
  }
}, 120_000)

test('error: "did you mean" and bad values name canonical and older flags as typed', async () => {
  const cwd = tempDir()
  const cases: [string[], string][] = [
    [['serve', '--databse-url', 'x'], 'Unknown flag "--databse-url". Did you mean --database-url?'],
    [['serve', '--allowed-orgins', 'x'], 'Did you mean --allowed-origins?'],
    [['serve', '--orgins', 'x'], 'Unknown flag "--orgins". Did you mean --origins?'],
    [['serve', '--headers-timout', '1'], 'Did you mean --headers-timeout?'],
    // Raised by the server's own validation (a URL), named by the flag the user wrote.
    [['serve', '--chains', '1=not a url'], 'latchkey: Invalid option "--chains"'],
    [['serve', '--rpc', '1=not a url'], 'latchkey: Invalid option "--rpc"'],
    [
      ['serve', '--siwx-domain', 'dapp.test', '--siwx-credentials', 'paper'],
      'latchkey: Invalid option "--siwx-credentials"',
    ],
  ]
  const runs = await Promise.all(cases.map(([args]) => latchkey(args, { cwd })))
  for (const [index, [args, message]] of cases.entries()) {
    const run = runs[index] as Run
    expect(run.code, args.join(' ')).toBe(1)
    expect(run.stderr).toContain(message)
    expect(run.stderr).not.toMatch(rawText)
    expect(run.stderr).not.toMatch(/databaseUrl|chains\.|siwx\./)
  }
  expect(readdirSync(cwd)).toEqual([])
}, 180_000)
