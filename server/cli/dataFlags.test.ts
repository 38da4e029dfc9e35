import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createLatchkeyCli, spawnLatchkey } from '../../test/harness/latchkeyCli'
import { type PriceServer, startPriceServer } from '../../test/harness/startPriceServer'
import {
  alice,
  bob,
  tokenChainId as chainId,
  startTokenChain,
  type TokenChain,
} from '../../test/harness/tokenChain'
import type { BalancesAnswer } from '../chainData/readBalances'
import type { HistoryAnswer } from '../chainData/readHistory'

// Issue 12: the directory and chain data APIs configured from the command line, in real processes.
const children: ChildProcess[] = []
const servers = createLatchkeyCli()

let chain: TokenChain
let prices: PriceServer
let dir: string
let tst: `0x${string}`

beforeAll(async () => {
  chain = await startTokenChain()
  tst = chain.tst
  await chain.tokens.mintErc20(tst, alice.address, parseEther('2'))
  prices = await startPriceServer({ [`eip155:${chainId}:${tst.toLowerCase()}`]: 1.5 })
  dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-data-'))
  // A Uniswap-style token list: the other chain's entry is skipped, an ipfs: logo left out.
  writeFileSync(
    join(dir, 'tokens.json'),
    JSON.stringify({
      name: 'Test list',
      tokens: [
        {
          chainId,
          address: tst,
          name: 'Test Token',
          symbol: 'TST',
          decimals: 18,
          logoURI: 'ipfs://x',
        },
        { chainId: 1, address: `0x${'2'.repeat(40)}`, name: 'Other', symbol: 'OTH', decimals: 6 },
      ],
    }),
  )
  writeFileSync(
    join(dir, 'chain-data.json'),
    JSON.stringify({
      confirmations: 0,
      chains: {
        [chainId]: {
          startBlock: 0,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000 },
        },
      },
    }),
  )
}, 60_000)

afterEach(async () => {
  await servers.stopAll()
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM')
})

afterAll(async () => {
  await prices?.close()
  await chain?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Starts `latchkey serve …` on a free port and an in-memory database, in the test folder. */
async function serve(args: string[]) {
  const started = await servers.serve(['--port', '0', '--db', ':memory:', ...args], {
    cwd: dir,
    mustListen: false,
  })
  return { url: started.url, output: started.output, code: started.exitCode }
}

test('behavior: --directory, --chain-data, --token-list, --price-url and --index-interval-ms configure a working server', async () => {
  const started = await serve([
    '--directory',
    'sample',
    '--chains',
    `${chainId}=${chain.anvil.rpcUrl}`,
    '--chain-data',
    'chain-data.json',
    '--token-list',
    `${chainId}=tokens.json`,
    '--price-url',
    prices.url,
    '--index-interval-ms',
    '100',
  ])
  const { url } = started
  expect(url, started.output()).toBeDefined()
  expect(started.output()).toContain('directory: the built-in sample')
  expect(started.output()).toContain(
    `chain data: indexing chain ${chainId} every 100 ms, 1 listed tokens, prices from ${prices.url}`,
  )

  const wallets = (await (
    await fetch(`${url}/getWallets?page=1&entries=40&search=harbor`)
  ).json()) as {
    data: { name: string }[]
  }
  expect(wallets.data.map((wallet) => wallet.name)).toEqual(['Harbor'])

  const balance = (await (
    await fetch(`${url}/v1/account/${alice.address}/balance?chainId=${chainId}`)
  ).json()) as BalancesAnswer
  const [eth, token] = balance.balances
  expect(eth).toMatchObject({ symbol: 'ETH', price: 2000 })
  expect(token).toEqual({
    name: 'Test Token',
    symbol: 'TST',
    chainId: `eip155:${chainId}`,
    address: `eip155:${chainId}:${tst.toLowerCase()}`,
    quantity: { decimals: '18', numeric: '2' },
    iconUrl: null,
    price: 1.5,
    value: 3,
  })

  // A transfer made now is found by the background indexer: the history answers with it.
  const sent = await chain.tokens.transferToken(tst, bob.address, parseUnits('0.5', 18), alice)
  const deadline = Date.now() + 20_000
  let ids: string[] = []
  while (Date.now() < deadline) {
    const history = (await (
      await fetch(`${url}/v1/account/${alice.address}/history?chainId=${chainId}`)
    ).json()) as HistoryAnswer
    ids = history.data.map((tx) => tx.id)
    if (ids.includes(sent.hash)) break
    await new Promise((done) => setTimeout(done, 100))
  }
  expect(ids[0]).toBe(sent.hash)
})

test('error: an unreadable token list, a bad registry and a bad interval name their flags; nothing starts', async () => {
  const missing = await serve(['--token-list', `${chainId}=nowhere.json`])
  expect(missing.url).toBeUndefined()
  expect(missing.code()).toBe(1)
  expect(missing.output()).toContain(
    'latchkey: Invalid option "--token-list": Cannot read nowhere.json (ENOENT).',
  )
  const registry = await serve(['--directory', 'nowhere.json'])
  expect(registry.code()).toBe(1)
  expect(registry.output()).toMatch(
    /latchkey: Invalid option "--directory": Cannot read \S*nowhere\.json \(ENOENT\)/,
  )
  const interval = await serve(['--index-interval-ms', 'soon'])
  expect(interval.code()).toBe(1)
  expect(interval.output()).toContain('Invalid option "--index-interval-ms"')
  writeFileSync(join(dir, 'bad-tokens.json'), JSON.stringify([{ address: 'nope', name: 'X' }]))
  const bad = await serve(['--token-list', `${chainId}=bad-tokens.json`])
  expect(bad.code()).toBe(1)
  expect(bad.output()).toContain('Invalid option "--token-list"')
  // four `latchkey serve` starts, one after another: up to 15 s each on a busy runner
}, 120_000)

test('default: --help lists the directory and chain data flags with their variables', async () => {
  const child = spawnLatchkey(['--help'], { cwd: dir })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise((done) => child.once('exit', done))
  for (const [flag, variable] of [
    ['--directory <registry.json|sample>', 'LATCHKEY_DIRECTORY'],
    ['--directory-images <folder>', 'LATCHKEY_DIRECTORY_IMAGES'],
    ['--chain-data <file.json>', 'LATCHKEY_CHAIN_DATA'],
    ['--token-list <chainId=file.json>', 'LATCHKEY_TOKEN_LIST'],
    ['--name-resolver <chainId=0x…>', 'LATCHKEY_NAME_RESOLVER'],
    ['--index-interval-ms <ms>', 'LATCHKEY_INDEX_INTERVAL_MS'],
    ['--price-url <url>', 'LATCHKEY_PRICE_URL'],
  ] as const) {
    expect(output).toContain(flag)
    expect(output).toContain(`[${variable}]`)
  }
})
