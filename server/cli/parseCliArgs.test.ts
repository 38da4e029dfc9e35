import { describe, expect, test } from 'vitest'
import { parseCliArgs } from './parseCliArgs'

describe('parseCliArgs', () => {
  test('default: no options is a dev serve', () => {
    expect(parseCliArgs([])).toEqual({ command: 'serve', options: {} })
    expect(parseCliArgs(['serve'])).toEqual({ command: 'serve', options: {} })
    expect(parseCliArgs(['--help'])).toEqual({ command: 'help' })
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
    expect(serve(['--trusted-proxy', '10.0.0.0/8, ::1', '--trusted-proxy', '192.0.2.1'])).toEqual({
      trustProxy: ['10.0.0.0/8', '::1', '192.0.2.1'],
    })
    expect(parseCliArgs([], { LATCHKEY_TRUST_PROXY: '10.0.0.0/8;fd00::/8' })).toEqual({
      command: 'serve',
      options: { trustProxy: ['10.0.0.0/8', 'fd00::/8'] },
    })
    expect(serve([], { LATCHKEY_TRUST_PROXY: 'false' })).toEqual({
      trustProxy: false,
    })
    expect(serve([], { LATCHKEY_MAX_CONNECTIONS: '10' })).toEqual({
      http: { maxConnections: 10 },
    })
    expect(() => parseCliArgs(['--headers-timeout', '0'])).toThrowError(
      'Invalid option "headers-timeout": Expected a positive whole number, received "0".',
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
    expect(parseCliArgs(['--port', '7001'], env)).toEqual({
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

  test('behavior: unknown flags, bad pairs and bad ports are OptionsValidationErrors', () => {
    expect(() => parseCliArgs(['--nope'])).toThrowError(/Invalid option "--nope"/)
    expect(() => parseCliArgs(['--rpc', 'http://x'])).toThrowError(
      'Invalid option "rpc": Expected key=value, received "http://x".',
    )
    expect(() => parseCliArgs(['--port', 'eighty'])).toThrowError(/Invalid option "port"/)
    expect(() => parseCliArgs(['deploy'])).toThrowError('Unknown option "deploy".')
  })
})

test('parameters: --max-fee and LATCHKEY_MAX_FEE set the per-transaction fee ceiling', () => {
  expect(parseCliArgs(['--max-fee', 'default=0.01', '--max-fee', '56=0.002'])).toEqual({
    command: 'serve',
    options: { feeCap: { maxFeePerTransaction: { default: '0.01', 56: '0.002' } } },
  })
  expect(parseCliArgs([], { LATCHKEY_MAX_FEE: '1=0.1;default=0.02' })).toEqual({
    command: 'serve',
    options: { feeCap: { maxFeePerTransaction: { 1: '0.1', default: '0.02' } } },
  })
})
