import { act, screen, waitFor } from '@testing-library/react'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { transactionSign } from '../../src/account/transactionSign'
import { type AnvilNode, startAnvil } from '../../test/harness/anvil'
import { anvilAccounts, createTokenDeployer } from '../../test/harness/deployTokens'
import {
  type ChainDataServerProcess,
  startChainDataServer,
} from '../../test/harness/startChainDataServer'
import { fakeAccount } from '../../test/ui/fakeWallet'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { useActivity } from './useActivity'
import { useNfts } from './useNfts'

// The hooks against a real Latchkey server with chainData on anvil (chain 31337 is not in the
// test wagmi config: the hooks take the chain as a parameter and never ask the app's client).
const chainId = 31337
const [, alice, bob] = anvilAccounts as [
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
]
let anvil: AnvilNode
let t: ChainDataServerProcess
const hashes: string[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId })
  const tokens = createTokenDeployer(anvil.rpcUrl, chainId)
  const tst = await tokens.deployErc20({ name: 'Test Token', symbol: 'TST' })
  const nft = await tokens.deployErc721({ name: 'Latch', symbol: 'LNFT', baseUri: 'data:,' })
  t = await startChainDataServer({
    chains: { [chainId]: anvil.rpcUrl },
    chainData: {
      confirmations: 0,
      chains: {
        [chainId]: {
          startBlock: 0,
          tokens: [{ address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 }],
          nfts: [{ address: nft, name: 'Latch' }],
        },
      },
    },
  })
  hashes.push((await tokens.mintErc20(tst, alice.address, parseEther('3'))).hash)
  hashes.push((await tokens.transferToken(tst, bob.address, parseEther('1'), alice)).hash)
  hashes.push((await tokens.sendNative(alice.address, parseEther('0.5'), bob)).hash)
  hashes.push((await tokens.mintNft(nft, alice.address)).hash)
}, 120_000)

afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

function Activity({ url, address }: { url?: string; address: string }) {
  const { groups, status, hasNextPage, fetchNextPage, error } = useActivity({
    url,
    address,
    chainId,
    pageSize: 2,
  })
  return (
    <div>
      <output data-testid="status">
        {status}|{hasNextPage ? 'more' : 'end'}|{error?.shortMessage ?? ''}
      </output>
      <ul>
        {groups.flatMap((group) =>
          group.transactions.map((tx) => (
            <li key={tx.id} data-testid="row">
              {group.title}|{tx.id}|{transactionSign(tx)}
              {tx.transfers[0]?.quantity.numeric}
            </li>
          )),
        )}
      </ul>
      <button type="button" onClick={() => fetchNextPage()}>
        more
      </button>
    </div>
  )
}

function Failing({ errors }: { errors: string[] }) {
  const { status, transactions, hasNextPage } = useActivity({
    url: 'http://127.0.0.1:1',
    address: alice.address,
    chainId,
    onError: (error) => errors.push(error.shortMessage),
  })
  return (
    <output data-testid="failing">
      {status}|{transactions.length}|{hasNextPage ? 'more' : 'end'}
    </output>
  )
}

function Local() {
  const { groups, record } = useActivity({ address: fakeAccount, chainId: 1 })
  return (
    <div>
      <output data-testid="local">
        {groups
          .map(
            (g) =>
              `${g.title}:${g.transactions.map((tx) => `${transactionSign(tx)}${tx.transfers[0]?.quantity.numeric}`).join(',')}`,
          )
          .join(';')}
      </output>
      <button
        type="button"
        onClick={() =>
          record({
            hash: `0x${'ab'.repeat(32)}`,
            chainId: 1,
            from: fakeAccount,
            to: bob.address,
            amount: '0.25',
            symbol: 'ETH',
          })
        }
      >
        send
      </button>
    </div>
  )
}

function Nfts({ url }: { url?: string }) {
  const { data, status } = useNfts({ url, address: alice.address, chainId })
  return (
    <output data-testid={url ? 'server' : 'none'}>
      {status}|{data?.supported ? 'supported' : 'unsupported'}|
      {data?.nfts.map((n) => `${n.collection}#${n.tokenId}`).join(',')}
    </output>
  )
}

const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(Date.now())
const rows = () => screen.queryAllByTestId('row').map((row) => row.textContent)

describe('useActivity', () => {
  test('default: pages by cursor from the server, grouped under this month, newest first, with signs', async () => {
    renderLatchkey(<Activity url={t.url} address={alice.address} />)
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 10_000 })
    expect(screen.getByTestId('status').textContent).toBe('success|more|')
    await act(async () => screen.getByText('more').click())
    await waitFor(() => expect(rows()).toHaveLength(4), { timeout: 10_000 })
    expect(screen.getByTestId('status').textContent).toBe('success|end|')
    expect(rows()).toEqual([
      `${month}|${hashes[3]}|+1`,
      `${month}|${hashes[2]}|+0.5`,
      `${month}|${hashes[1]}|-1`,
      `${month}|${hashes[0]}|+3`,
    ])
  })

  test("error: a server that cannot be reached shows 'Failed to fetch transactions', an empty list and no next page", async () => {
    const errors: string[] = []
    renderLatchkey(<Failing errors={errors} />)
    await waitFor(() => expect(screen.getByTestId('failing').textContent).toBe('error|0|end'), {
      timeout: 10_000,
    })
    expect(errors).toEqual(['Failed to fetch transactions'])
  })

  test('behavior: without a server, a transaction recorded from the modal is listed under this month with a minus', async () => {
    renderLatchkey(<Local />)
    await waitFor(() => expect(screen.getByTestId('local').textContent).toBe(''))
    await act(async () => screen.getByText('send').click())
    await waitFor(() => expect(screen.getByTestId('local').textContent).toBe(`${month}:-0.25`))
  })
})

describe('useNfts', () => {
  test('default: the minted NFT from the server; without a server, not supported', async () => {
    renderLatchkey(
      <>
        <Nfts url={t.url} />
        <Nfts />
      </>,
    )
    await waitFor(
      () => expect(screen.getByTestId('server').textContent).toBe('success|supported|Latch#0'),
      { timeout: 10_000 },
    )
    expect(screen.getByTestId('none').textContent).toBe('success|unsupported|')
  })
})
