import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { snapshot } from '../harness/anvil'
import { axeScan } from '../harness/browser'
import { anvilAccounts, createTokenDeployer } from '../harness/deployTokens'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import {
  byTestId,
  connectTestWallet,
  type modal,
  openPlayground,
  showAccountView,
  waitForText,
} from '../harness/page'
import { type ChainDataServerProcess, startChainDataServer } from '../harness/startChainDataServer'

// The playground with `?chainData=`: a real `latchkey serve` with `chainData` on the e2e's anvil
// chain 1, where the harness deployed an ERC-20 and an ERC-721, minted to the test wallet (anvil's
// first account) and made a transfer. Tokens, NFTs and Activity read it through the real server.
const e2e = setupE2e()
const rpcUrl = inject('rpcUrls')[1] as string
const [wallet, receiver] = anvilAccounts as [(typeof anvilAccounts)[0], (typeof anvilAccounts)[0]]
const image =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxMCAxMCI+PHJlY3Qgd2lkdGg9IjEwIiBoZWlnaHQ9IjEwIiBmaWxsPSIjOGI1Y2Y2Ii8+PC9zdmc+'

let server: ChainDataServerProcess
let metadata: Server
let revert: () => Promise<void>
let nftId: bigint

beforeAll(async () => {
  // the deployments are undone after this file: the other specs expect the wallet's 10000 ETH
  revert = await snapshot(rpcUrl)
  // ERC-721 metadata on loopback (an allowed origin of the server), its image a data: URI
  metadata = createServer((request, response) => {
    const id = /^\/meta\/(\d+)$/.exec(request.url ?? '')?.[1]
    response.writeHead(id ? 200 : 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ name: `Latch Key #${id}`, description: 'A test NFT', image }))
  })
  await new Promise<void>((done) => metadata.listen(0, '127.0.0.1', done))
  const metadataOrigin = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}`

  const tokens = createTokenDeployer(rpcUrl, 1)
  const start = await tokens.client.getBlockNumber()
  const tst = await tokens.deployErc20({ name: 'Latch Token', symbol: 'LTK' })
  const nft = await tokens.deployErc721({
    name: 'Latch Keys',
    symbol: 'LKEY',
    baseUri: `${metadataOrigin}/meta/`,
  })
  await tokens.mintErc20(tst, wallet.address, parseUnits('12.5', 18))
  nftId = (await tokens.mintNft(nft, wallet.address)).tokenId
  await tokens.transferToken(tst, receiver.address, parseEther('2'), wallet)

  server = await startChainDataServer({
    chains: { 1: rpcUrl },
    chainData: {
      confirmations: 0,
      metadataOrigins: [metadataOrigin],
      chains: {
        1: {
          startBlock: Number(start),
          tokens: [{ address: tst, name: 'Latch Token', symbol: 'LTK', decimals: 18 }],
          nfts: [{ address: nft, name: 'Latch Keys' }],
        },
      },
    },
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
  await new Promise<void>((done) => (metadata ? metadata.close(() => done()) : done()))
  await revert?.()
})

async function openAccount(page: Parameters<typeof modal>[0], url: string) {
  await openPlayground(page, `${url}/?chainData=${encodeURIComponent(server.url)}`)
  await connectTestWallet(page)
  await showAccountView(page)
}

describe('Account tabs against a real chain data server', () => {
  test('default: Tokens shows the deployed ERC-20 balance beside the native one', async () => {
    const { page, url, browser } = e2e()
    await openAccount(page, url)
    await waitForText(byTestId(page, 'token-amount-LTK'), '10.500 LTK')
    expect(await byTestId(page, 'token-LTK').locator('[data-lk-token-name]').textContent()).toBe(
      'Latch Token',
    )
    await waitForText(byTestId(page, 'token-amount-ETH'), /^\d+\.\d{3} ETH$/)
    expect(await axeScan(page)).toEqual([])
    expect(browser.pageErrors()).toEqual([])
  })

  test('default: NFTs shows the minted NFT with its name, collection and image', async () => {
    const { page, url, browser } = e2e()
    await openAccount(page, url)
    await byTestId(page, 'tab-nfts').click()
    const card = byTestId(page, `nft-${nftId}`)
    await card.waitFor({ timeout: 20_000 })
    expect(await card.locator('[data-lk-nft-name]').textContent()).toBe(`Latch Key #${nftId}`)
    expect(await card.locator('[data-lk-nft-collection]').textContent()).toBe('Latch Keys')
    const img = card.locator('img')
    expect(await img.getAttribute('src')).toBe(image)
    // drawn, not a broken image
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    expect(await axeScan(page)).toEqual([])
    expect(browser.pageErrors()).toEqual([])
  })

  test('default: Activity shows the transfer at the top under this month with a minus sign', async () => {
    const { page, url, browser } = e2e()
    await openAccount(page, url)
    await byTestId(page, 'tab-activity').click()
    const list = byTestId(page, 'activity-list')
    await list.waitFor({ timeout: 20_000 })
    const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date())
    expect(await list.locator('[data-lk-activity-month]').first().textContent()).toBe(month)
    const top = list.locator('[data-testid="activity-row"]').first()
    expect(await top.locator('[data-lk-token-name]').textContent()).toBe('Sent')
    expect(await top.locator('[data-testid="activity-amount"]').textContent()).toBe('-2.000 LTK')
    expect(await top.locator('[data-lk-token-sub]').textContent()).toContain('To 0x70…dc79c8')
    const amounts = await list.locator('[data-testid="activity-amount"]').allTextContents()
    expect(amounts).toContain('+12.500 LTK')
    expect(amounts).toContain(`+Latch Keys #${nftId}`)
    expect(await axeScan(page)).toEqual([])
    expect(browser.pageErrors()).toEqual([])
  })
})
