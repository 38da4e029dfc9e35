import { type ChainDataStandIn, startChainDataStandIn } from '../test/ui/chainDataStandIn'

const account = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const other = `0x${'b0'.repeat(20)}`

/**
 * A chain data stand-in for the Account bench (and its screenshots): 200 ERC-20 balances beside
 * the native one, 1,000 transactions over the last months, a few NFTs with data: images.
 */
export async function startAccountFixtures({
  tokens = 200,
  transactions = 1_000,
}: {
  tokens?: number
  transactions?: number
} = {}): Promise<ChainDataStandIn> {
  const server = await startChainDataStandIn()
  const native = {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    quantity: { decimals: '18', numeric: '10000' },
    iconUrl: null,
    price: 3120.5,
    value: 31_205_000,
  }
  const names = ['USD Coin', 'Tether', 'Dai', 'Chainlink', 'Uniswap', 'Aave', 'Maker', 'Lido']
  const symbols = ['USDC', 'USDT', 'DAI', 'LINK', 'UNI', 'AAVE', 'MKR', 'LDO']
  const balances = [
    native,
    ...Array.from({ length: tokens }, (_, index) => {
      const known = index < names.length
      return {
        name: known ? names[index] : `Token ${index}`,
        symbol: known ? symbols[index] : `TK${index}`,
        chainId: 'eip155:1',
        address: `eip155:1:0x${(index + 1).toString(16).padStart(40, '0')}`,
        quantity: { decimals: '18', numeric: `${(index * 37.13 + 1.5).toFixed(4)}` },
        iconUrl: null,
        ...(index % 3 === 0
          ? { price: 1 + index / 10, value: (index * 37.13 + 1.5) * (1 + index / 10) }
          : {}),
      }
    }),
  ]
  const now = Date.now()
  const history = Array.from({ length: transactions }, (_, index) => {
    const incoming = index % 3 === 1
    const symbol = symbols[index % symbols.length] ?? 'ETH'
    return {
      id: `0x${index.toString(16).padStart(64, '0')}`,
      metadata: {
        operationType: incoming ? 'receive' : index % 7 === 0 ? 'execute' : 'send',
        hash: `0x${index.toString(16).padStart(64, '0')}`,
        status: index === 2 ? 'failed' : 'confirmed',
        sentFrom: incoming ? other : account,
        sentTo: incoming ? account : other,
        minedAt: new Date(now - index * 6 * 3_600_000 - 60_000).toISOString(),
        chain: 'eip155:1',
      },
      transfers: [
        {
          direction: incoming ? 'in' : 'out',
          sender: incoming ? other : account,
          recipient: incoming ? account : other,
          quantity: { numeric: `${((index % 17) + 0.25).toFixed(2)}` },
          fungible_info: { name: symbol, symbol, icon: { url: null } },
        },
      ],
    }
  })
  const colors = ['8b5cf6', '22c55e', 'f59e0b', '0ea5e9', 'ef4444', 'ec4899']
  const nfts = colors.map((color, index) => ({
    chainId: 'eip155:1',
    address: `eip155:1:0x${'c0'.repeat(20)}`,
    collection: index < 4 ? 'Latch Keys' : 'Harbor Passes',
    tokenId: String(index + 1),
    tokenUri: null,
    metadata: {
      name: index < 4 ? `Latch Key #${index + 1}` : `Harbor Pass #${index - 3}`,
      description: null,
      image: `data:image/svg+xml;base64,${Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><circle cx="5" cy="4.4" r="1.6" fill="none" stroke="#fff" stroke-width=".6"/><path d="M5 6v2.2" stroke="#fff" stroke-width=".6"/></svg>`,
      ).toString('base64')}`,
    },
  }))
  server.routes.balance = () => ({ body: { balances, unavailable: [] } })
  server.routes.history = () => ({ body: { data: history, next: null } })
  server.routes.nfts = () => ({ body: { data: nfts } })
  return server
}
