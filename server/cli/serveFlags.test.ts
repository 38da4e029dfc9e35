import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { serverOptionsSchema } from '../options'
import { parseCliArgs } from './parseCliArgs'
import { envName, serveFlags, serverOptionNotInCli } from './serveFlags'

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  valueType?: z.ZodType
}
const files = mkdtempSync(join(tmpdir(), 'latchkey-flags-'))
const chainDataFile = join(files, 'chain-data.json')
writeFileSync(chainDataFile, JSON.stringify({ confirmations: 3 }))
const socialFile = join(files, 'social.json')
writeFileSync(socialFile, JSON.stringify({ providers: { github: { clientId: 'id' } } }))
const farcasterFile = join(files, 'farcaster.json')
writeFileSync(farcasterFile, JSON.stringify({ rpcUrl: 'http://127.0.0.1:9' }))
const swapFile = join(files, 'swap.json')
writeFileSync(swapFile, JSON.stringify({ zeroEx: { apiKey: 'key' } }))
afterAll(() => rmSync(files, { recursive: true, force: true }))
const tokenListFile = join(files, 'tokens.json')
writeFileSync(
  tokenListFile,
  JSON.stringify([{ address: `0x${'1'.repeat(40)}`, name: 'T', symbol: 'T', decimals: 6 }]),
)

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/**
 * Every settable option path of `createLatchkeyServer`: objects are walked into (`http.*`), the
 * per-project `siwx` record through its `*` project (and `chainData.chains` through its `*`
 * chain); anything else is a leaf.
 */
function optionPaths(schema: z.ZodType, prefix = ''): string[] {
  const def = defOf(schema)
  if (def.innerType) return optionPaths(def.innerType, prefix)
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, value]) =>
      optionPaths(value, prefix ? `${prefix}.${key}` : key),
    )
  if (def.type === 'record' && def.valueType && defOf(def.valueType).type === 'object')
    return optionPaths(def.valueType, `${prefix}.*`)
  return [prefix]
}

/** Option paths with no flag, outside the groups listed as set in code (`rateLimits`). */
function withoutFlag(): string[] {
  const flagged = new Set(serveFlags.map((flag) => flag.option))
  return optionPaths(serverOptionsSchema).filter(
    (path) => !flagged.has(path) && !serverOptionNotInCli[path.split('.')[0] as string],
  )
}

describe('one name per option in the CLI, the environment and createLatchkeyServer (issue 9)', () => {
  test('behavior: every createLatchkeyServer option has a flag, or is listed as not settable from the CLI', () => {
    expect(withoutFlag()).toEqual([])
    // The walk sees the nested options, so a new one in `http`, `feeCap` or `siwx` is caught.
    const paths = optionPaths(serverOptionsSchema)
    expect(paths).toEqual(
      expect.arrayContaining(['databaseUrl', 'http.maxConnections', 'siwx.*.domains']),
    )
    // And no flag points at an option that does not exist (or at a group of them: `chainData`).
    const exists = (option: string) =>
      paths.some((path) => path === option || path.startsWith(`${option}.`))
    expect(serveFlags.map((flag) => flag.option).filter((option) => !exists(option))).toEqual([])
  })

  test('default: each flag is its option in kebab-case and its variable is LATCHKEY_ + SCREAMING_SNAKE', () => {
    const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
    // SIWX flags name one item each, as the issue spells them; everything else follows the rule.
    const oneItem: Record<string, string> = {
      'siwx.*.domains': 'siwx-domain',
      'siwx.*.uris': 'siwx-uri',
      'siwx.*.chainIds': 'siwx-chain',
      'siwx.*.solanaClusters': 'siwx-solana-cluster',
      extraMasterKeys: 'extra-master-key',
    }
    // The data APIs' flags say which API they belong to, or set one part of a chain's settings.
    const named: Record<string, string> = {
      directory: 'directory.registry',
      'directory-images': 'directory.images',
      'directory-analytics': 'directory.analytics',
      'token-list': 'chainData.chains',
      'name-resolver': 'chainData.chains',
    }
    for (const flag of serveFlags) {
      const leaf = flag.option.split('.').pop() as string
      if (named[flag.name]) {
        expect(flag.option, flag.name).toBe(named[flag.name])
        continue
      }
      const expected =
        oneItem[flag.option] ??
        (flag.option.startsWith('siwx.') ? `siwx-${kebab(leaf)}` : kebab(leaf))
      expect(flag.name, flag.option).toBe(expected)
    }
    expect(envName('database-url')).toBe('LATCHKEY_DATABASE_URL')
    expect(envName('keep-alive-timeout-ms')).toBe('LATCHKEY_KEEP_ALIVE_TIMEOUT_MS')
  })

  test('behavior: each canonical flag, its variable and its older names set the same option', () => {
    // One sample value per flag: what the parser makes of it is compared across the names.
    const samples: Record<string, string> = {
      port: '9000',
      host: '0.0.0.0',
      'database-url': './lk.db',
      'database-auth-token': 'token',
      'smtp-url': 'smtp://127.0.0.1:2525',
      'mail-from': 'a@b.test',
      'public-url': 'https://wallet.test',
      'allowed-origins': 'shop=https://shop.test',
      chains: '1=http://127.0.0.1:8545',
      'solana-clusters': 'localnet=http://127.0.0.1:8899',
      'master-key': 'ab'.repeat(32),
      custody: 'shop=sealed',
      'sign-above': '1=0.5',
      'token-above': '1:0x0000000000000000000000000000000000000001=100',
      'login-methods': 'false',
      'proof-ttl-ms': '60000',
      'extra-master-key': 'cd'.repeat(32),
      'log-format': 'json',
      'metrics-token': 'a-metrics-token-of-32-characters',
      'otp-ttl-ms': '1000',
      'otp-max-attempts': '3',
      'session-ttl-ms': '2000',
      'siwx-domain': 'dapp.test',
      'siwx-uri': 'https://dapp.test/login',
      'siwx-chain': '56',
      'siwx-solana-cluster': 'devnet,solana:localnet',
      'siwx-max-age-ms': '3000',
      'siwx-session-ttl-ms': '4000',
      'siwx-nonce-ttl-ms': '5000',
      'siwx-credentials': 'cookie',
      'trust-proxy': '10.0.0.0/8',
      'headers-timeout-ms': '6000',
      'request-timeout-ms': '7000',
      'keep-alive-timeout-ms': '8000',
      'max-connections': '9',
      'shutdown-timeout-ms': '2500',
      'base-fee-multiplier': '1.5',
      'max-priority-fee-per-gas': 'default=2',
      'max-fee-per-transaction': '1=0.1',
      directory: './registry.json',
      'directory-images': './images',
      'directory-analytics': 'false',
      'chain-data': chainDataFile,
      'token-list': `31337=${tokenListFile}`,
      'name-resolver': '1=0xce01f8eee7E479C928F8919abD53E553a36CeF67',
      'index-interval-ms': '0',
      'price-url': 'http://127.0.0.1:9/prices',
      social: socialFile,
      farcaster: farcasterFile,
      swap: swapFile,
      onramp: 'sandbox',
    }
    expect(Object.keys(samples).sort()).toEqual(serveFlags.map((flag) => flag.name).sort())
    // SIWX sub-flags need the domain beside them, the directory's the registry.
    const base = (name: string) =>
      name.startsWith('siwx-') && name !== 'siwx-domain'
        ? ['--siwx-domain', 'dapp.test']
        : name.startsWith('directory-')
          ? ['--directory', 'sample']
          : []
    const options = (argv: string[], env?: Record<string, string>) => {
      const parsed = parseCliArgs(['serve', ...argv], env)
      if (parsed.command !== 'serve') throw new Error('not serve')
      return parsed.options
    }
    for (const flag of serveFlags) {
      const value = samples[flag.name] as string
      const canonical = options([...base(flag.name), `--${flag.name}`, value])
      expect(canonical, flag.name).not.toEqual(options(base(flag.name)))
      expect(options([...base(flag.name), `--${flag.name}=${value}`]), flag.name).toEqual(canonical)
      expect(
        options(base(flag.name), {
          [envName(flag.name)]: value,
          ...(flag.name.startsWith('siwx-') && base(flag.name).length > 0
            ? { LATCHKEY_SIWX_DOMAIN: 'dapp.test' }
            : {}),
          ...(flag.name.startsWith('directory-') ? { LATCHKEY_DIRECTORY: 'sample' } : {}),
        }),
        envName(flag.name),
      ).toEqual(canonical)
      for (const alias of flag.aliases ?? [])
        expect(options([...base(flag.name), `--${alias}`, value]), alias).toEqual(canonical)
      for (const alias of flag.envAliases ?? [])
        expect(options([], { [alias]: value }), alias).toEqual(canonical)
    }
  })

  test('behavior: the canonical variable wins over an older one; a flag wins over both', () => {
    const env = { LATCHKEY_CHAINS: '1=http://new', LATCHKEY_RPC: '1=http://old' }
    expect(parseCliArgs(['serve'], env)).toEqual({
      command: 'serve',
      options: { chains: { 1: 'http://new' } },
    })
    expect(parseCliArgs(['serve', '--rpc', '1=http://flag'], env)).toEqual({
      command: 'serve',
      options: { chains: { 1: 'http://flag' } },
    })
    // A canonical flag and its older name together: both lists count.
    expect(parseCliArgs(['serve', '--chains', '1=http://a', '--rpc', '56=http://b'])).toEqual({
      command: 'serve',
      options: { chains: { 1: 'http://a', 56: 'http://b' } },
    })
  })

  test('error: a bad value names the flag as typed, canonical or older', () => {
    expect(() => parseCliArgs(['serve', '--chains', 'http://x'])).toThrowError(
      'Invalid option "--chains": Expected key=value',
    )
    expect(() => parseCliArgs(['serve', '--rpc', 'http://x'])).toThrowError(
      'Invalid option "--rpc": Expected key=value',
    )
    expect(() => parseCliArgs(['serve', '--headers-timeout-ms', '0'])).toThrowError(
      'Invalid option "--headers-timeout-ms"',
    )
    expect(() => parseCliArgs(['serve', '--siwx-credentials', 'cookie'])).toThrowError(
      'Invalid option "--siwx-credentials": Needs --siwx-domain',
    )
    expect(() => parseCliArgs(['serve', '--directory-analytics', 'false'])).toThrowError(
      'Invalid option "--directory-analytics": Needs --directory',
    )
    expect(() => parseCliArgs(['serve', '--directory-images', './images'])).toThrowError(
      'Invalid option "--directory-images": Needs --directory',
    )
    expect(() => parseCliArgs(['serve', '--trusted-proxy'])).toThrowError(
      'Flag "--trusted-proxy" needs a value',
    )
  })

  test('behavior: --trust-proxy alone trusts every hop; with addresses it lists them', () => {
    const trust = (argv: string[]) => {
      const parsed = parseCliArgs(argv)
      return parsed.command === 'serve' ? parsed.options.trustProxy : parsed.command
    }
    expect(trust(['serve', '--trust-proxy'])).toBe(true)
    expect(trust(['serve', '--trust-proxy', '--port', '1'])).toBe(true)
    expect(trust(['--trust-proxy', 'serve'])).toBe(true)
    expect(trust(['serve', '--trust-proxy', '10.0.0.0/8,::1'])).toEqual(['10.0.0.0/8', '::1'])
    expect(trust(['serve', '--trust-proxy=fd00::/8', '--trust-proxy', '192.0.2.1'])).toEqual([
      'fd00::/8',
      '192.0.2.1',
    ])
    expect(trust(['serve', '--trust-proxy', 'false'])).toBe(false)
  })
})
