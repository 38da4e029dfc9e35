import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type ChainDataStandIn, startChainDataStandIn } from '../../../test/ui/chainDataStandIn'
import { openAccountTab, panelText } from '../../../test/ui/openAccountTab'

await import('./AccountPanels')

const pixel = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4='

let server: ChainDataStandIn
beforeEach(async () => {
  server = await startChainDataStandIn()
})
afterEach(() => server.close())

const nft = (tokenId: string, image: string | null, extra: Record<string, unknown> = {}) => ({
  chainId: 'eip155:1',
  address: `eip155:1:0x${'c0'.repeat(20)}`,
  collection: 'Latch',
  tokenId,
  tokenUri: null,
  metadata: { name: `Latch #${tokenId}`, description: null, image },
  ...extra,
})

describe('NFTs panel', () => {
  test('default: a grid of name, collection and image; spam dropped; images only data: or the server', async () => {
    server.routes.nfts = () => ({
      body: {
        data: [
          nft('1', pixel),
          nft('2', `${server.url}/images/2.png`),
          nft('3', 'https://tracker.example/3.png'),
          nft('4', pixel, { flags: { is_spam: true } }),
          nft('5', null, { metadata: null }),
        ],
      },
    })
    await openAccountTab('nfts', { options: { chainData: { url: server.url } } })
    const grid = await screen.findByTestId('nft-grid')
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((card) => card.getAttribute('data-testid')),
    ).toEqual(['nft-1', 'nft-2', 'nft-3', 'nft-5'])
    const image = (id: string) =>
      screen.getByTestId(id).querySelector('img')?.getAttribute('src') ?? null
    expect(image('nft-1')).toBe(pixel)
    expect(image('nft-2')).toBe(`${server.url}/images/2.png`)
    // an image on a host the minter chose would tell it who looks at this wallet: placeholder
    expect(image('nft-3')).toBeNull()
    expect(screen.getByTestId('nft-3').textContent).toBe('#3Latch #3Latch')
    expect(screen.getByTestId('nft-5').textContent).toBe('#5Latch #5Latch')
    expect(server.requests.filter((r) => r.startsWith('nfts'))).toEqual(['nfts?chainId=1'])
  })

  test('error: a failed read says so with a Retry, never "No NFTs"; Retry reads again', async () => {
    server.routes.nfts = () => undefined
    await openAccountTab('nfts', { options: { chainData: { url: server.url } } })
    const notice = await screen.findByTestId('nfts-error')
    expect(notice.textContent).toContain('The NFTs could not be loaded.')
    expect(panelText()).not.toContain('No NFTs')
    server.routes.nfts = () => ({ body: { data: [nft('7', pixel)] } })
    fireEvent.click(screen.getByTestId('nfts-error-retry'))
    await screen.findByTestId('nft-7')
  })

  test('behavior: loading tiles, then the empty state', async () => {
    let answer: (value: { body: unknown }) => void = () => {}
    server.routes.nfts = () => new Promise((done) => (answer = done))
    await openAccountTab('nfts', { options: { chainData: { url: server.url } } })
    await screen.findByTestId('nfts-loading')
    await waitFor(() => expect(server.requests.some((r) => r.startsWith('nfts'))).toBe(true))
    answer({ body: { data: [] } })
    await waitFor(() => expect(panelText()).toContain('No NFTs yet'))
  })

  test('behavior: without a data server the panel says NFTs are not listed here', async () => {
    await openAccountTab('nfts')
    await waitFor(() => expect(panelText()).toContain('No NFTs to show'))
    expect(panelText()).toContain('This app does not list NFTs.')
  })
})
