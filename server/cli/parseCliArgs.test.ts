import { describe, expect, test } from 'vitest'
import { parseCliArgs } from './parseCliArgs'

describe('parseCliArgs', () => {
  test('parameters: migrate [status|up] takes the database flags; --database is --database-url', () => {
    const url = 'postgres://latchkey@127.0.0.1:5432/lk'
    expect(parseCliArgs(['migrate', '--database', url])).toEqual({
      command: 'migrate',
      action: 'status',
      options: { databaseUrl: url },
    })
    expect(parseCliArgs(['migrate', 'up'], { LATCHKEY_DATABASE_URL: url })).toMatchObject({
      action: 'up',
      options: { databaseUrl: url },
    })
    expect(parseCliArgs(['serve', '--database', url])).toEqual({
      command: 'serve',
      options: { databaseUrl: url },
    })
    expect(() => parseCliArgs(['migrate', 'down'])).toThrow('Unknown migrate action "down"')
    expect(() => parseCliArgs(['migrate', 'up', 'extra'])).toThrow('Unexpected argument "extra"')
  })

  test('default: serve with no options is a dev serve; no command is help that fails (issue 9)', () => {
    expect(parseCliArgs([])).toEqual({ command: 'help', missingCommand: true })
    expect(parseCliArgs(['--port', '1'])).toEqual({ command: 'help', missingCommand: true })
    expect(parseCliArgs(['serve'])).toEqual({ command: 'serve', options: {} })
    expect(parseCliArgs(['--help'])).toEqual({ command: 'help' })
    expect(parseCliArgs(['serve', '-h'])).toEqual({ command: 'help' })
    expect(parseCliArgs(['--version'])).toEqual({ command: 'version' })
  })

  test('parameters: --siwx-* flags and LATCHKEY_SIWX_* set sign-in for project *', () => {
    expect(
      parseCliArgs([
        'serve',
        '--siwx-domain',
        'dapp.test',
        '--siwx-domain=shop.test:8443',
        '--siwx-uri',
        'https://dapp.test/login',
        '--siwx-chain',
        '1',
        '--siwx-chain',
        '56',
      ]),
    ).toEqual({
      command: 'serve',
      options: {
        siwx: {
          '*': {
            domains: ['dapp.test', 'shop.test:8443'],
            uris: ['https://dapp.test/login'],
            chainIds: [1, 56],
          },
        },
      },
    })
    expect(
      parseCliArgs(['serve'], { LATCHKEY_SIWX_DOMAIN: 'a.test,b.test', LATCHKEY_SIWX_CHAIN: '10' }),
    ).toEqual({
      command: 'serve',
      options: { siwx: { '*': { domains: ['a.test', 'b.test'], chainIds: [10] } } },
    })
    expect(() =>
      parseCliArgs(['serve', '--siwx-domain', 'a.test', '--siwx-chain', 'x']),
    ).toThrowError('Invalid option "--siwx-chain": Expected a positive whole number, received "x".')
  })

  test('parameters: every flag', () => {
    const parsed = parseCliArgs([
      'serve',
      '--port',
      '9000',
      '--host',
      '0.0.0.0',
      '--db',
      './data/lk.db',
      '--smtp',
      'smtp://127.0.0.1:2525',
      '--origins',
      'shop=https://shop.example, https://*.shop.example',
      '--origins',
      '*=http://127.0.0.1:*',
      '--rpc',
      '1=http://127.0.0.1:8545',
      '--rpc',
      '56=http://127.0.0.1:8546',
      '--master-key',
      'ab'.repeat(32),
      '--trust-proxy',
      '--headers-timeout',
      '5000',
      '--request-timeout',
      '20000',
      '--keep-alive-timeout',
      '2000',
      '--max-connections',
      '64',
    ])
    expect(parsed).toEqual({
      command: 'serve',
      options: {
        port: 9000,
        host: '0.0.0.0',
        databaseUrl: 'file:./data/lk.db',
        smtpUrl: 'smtp://127.0.0.1:2525',
        allowedOrigins: {
          shop: ['https://shop.example', 'https://*.shop.example'],
          '*': ['http://127.0.0.1:*'],
        },
        chains: { 1: 'http://127.0.0.1:8545', 56: 'http://127.0.0.1:8546' },
        masterKey: 'ab'.repeat(32),
        trustProxy: true,
        http: {
          headersTimeoutMs: 5000,
          requestTimeoutMs: 20000,
          keepAliveTimeoutMs: 2000,
          maxConnections: 64,
        },
      },
    })
  })

  test('parameters: trusted proxies by flag or environment (a list, or true for every hop)', () => {
    const serve = (argv: string[], env?: Record<string, string>) => {
      const parsed = parseCliArgs(argv, env)
      return parsed.command === 'serve' ? parsed.options : undefined
    }
    expect(
      serve(['serve', '--trusted-proxy', '10.0.0.0/8, ::1', '--trusted-proxy', '192.0.2.1']),
    ).toEqual({
      trustProxy: ['10.0.0.0/8', '::1', '192.0.2.1'],
    })
    expect(parseCliArgs(['serve'], { LATCHKEY_TRUST_PROXY: '10.0.0.0/8;fd00::/8' })).toEqual({
      command: 'serve',
      options: { trustProxy: ['10.0.0.0/8', 'fd00::/8'] },
    })
    expect(serve(['serve'], { LATCHKEY_TRUST_PROXY: 'false' })).toEqual({
      trustProxy: false,
    })
    expect(serve(['serve'], { LATCHKEY_MAX_CONNECTIONS: '10' })).toEqual({
      http: { maxConnections: 10 },
    })
    expect(() => parseCliArgs(['serve', '--headers-timeout', '0'])).toThrowError(
      'Invalid option "--headers-timeout": Expected a positive whole number, received "0".',
    )
  })

  test('parameters: environment variables, flags win', () => {
    const env = {
      LATCHKEY_PORT: '7000',
      LATCHKEY_DATABASE_URL: 'libsql://db.example',
      LATCHKEY_RPC: '1=http://a;56=http://b',
      LATCHKEY_ORIGINS: 'p=https://p.example',
      LATCHKEY_TRUST_PROXY: 'true',
    }
    expect(parseCliArgs(['serve', '--port', '7001'], env)).toEqual({
      command: 'serve',
      options: {
        port: 7001,
        databaseUrl: 'libsql://db.example',
        chains: { 1: 'http://a', 56: 'http://b' },
        allowedOrigins: { p: ['https://p.example'] },
        trustProxy: true,
      },
    })
  })

  test('error: unknown flags and commands are CliUsageErrors with a close match; bad values name the flag', () => {
    expect(() => parseCliArgs(['serve', '--nope'])).toThrowError('Unknown flag "--nope".')
    // Issue 9: the canonical name (the option's kebab-case) is suggested first.
    expect(() => parseCliArgs(['serve', '--smtpurl', 'x'])).toThrowError(
      'Unknown flag "--smtpurl". Did you mean --smtp-url?',
    )
    expect(() => parseCliArgs(['serve', '-x'])).toThrowError('Unknown flag "-x".')
    expect(() => parseCliArgs(['serve', '--rpc', 'http://x'])).toThrowError(
      'Invalid option "--rpc": Expected key=value, received "http://x".',
    )
    expect(() => parseCliArgs(['serve', '--port', 'eighty'])).toThrowError(
      /Invalid option "--port"/,
    )
    expect(() => parseCliArgs(['deploy'])).toThrowError('Unknown command "deploy".')
    expect(() => parseCliArgs(['srve'])).toThrowError(
      'Unknown command "srve". Did you mean latchkey serve?',
    )
    expect(() => parseCliArgs(['serve', 'extra'])).toThrowError(/Unexpected argument "extra"/)
  })
})

test('parameters: --max-fee and LATCHKEY_MAX_FEE set the per-transaction fee ceiling', () => {
  expect(parseCliArgs(['serve', '--max-fee', 'default=0.01', '--max-fee', '56=0.002'])).toEqual({
    command: 'serve',
    options: { feeCap: { maxFeePerTransaction: { default: '0.01', 56: '0.002' } } },
  })
  expect(parseCliArgs(['serve'], { LATCHKEY_MAX_FEE: '1=0.1;default=0.02' })).toEqual({
    command: 'serve',
    options: { feeCap: { maxFeePerTransaction: { 1: '0.1', default: '0.02' } } },
  })
})
