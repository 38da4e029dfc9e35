import type { Address } from 'viem'
import type { OnrampFiatCurrency, OnrampToken } from '../../../src/onramp/onrampTypes'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { toCents } from '../onrampMoney'
import type { SandboxOptions } from '../onrampOptions'
import type { OnrampCatalog } from '../onrampProvider'

/** The sandbox's two providers: SPEC §9's two on-ramps with fees from 1 to 2 %. */
export const sandboxProviders = [
  { id: 'sandbox', name: 'Sandbox Pay', feeBps: 100 },
  { id: 'sandbox-express', name: 'Sandbox Express', feeBps: 200 },
] as const

/** The test card that is paid, and the one that is declined (Stripe's well-known numbers). */
export const sandboxCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const

const fiat: OnrampFiatCurrency[] = [
  { code: 'USD', name: 'US dollar', symbol: '$', min: '20.00', max: '5000.00' },
  { code: 'EUR', name: 'Euro', symbol: '€', min: '20.00', max: '5000.00' },
  { code: 'GBP', name: 'British pound', symbol: '£', min: '20.00', max: '4000.00' },
]

const countries = ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'IE', 'CA', 'AU']

type Prices = Record<string, string>

/**
 * SPEC §9's card-payment chains by id (ethereum, arbitrum, polygon, berachain, avalanche C-chain,
 * optimism, celo, base), with their own currency and its sandbox price.
 */
const cardChains: Record<number, { symbol: string; name: string; prices: Prices }> = {
  1: { symbol: 'ETH', name: 'Ether', prices: { USD: '2000', EUR: '1850', GBP: '1600' } },
  42161: { symbol: 'ETH', name: 'Ether', prices: { USD: '2000', EUR: '1850', GBP: '1600' } },
  137: { symbol: 'POL', name: 'Polygon', prices: { USD: '0.50', EUR: '0.46', GBP: '0.40' } },
  80094: { symbol: 'BERA', name: 'Berachain', prices: { USD: '5', EUR: '4.60', GBP: '4' } },
  43114: { symbol: 'AVAX', name: 'Avalanche', prices: { USD: '25', EUR: '23', GBP: '20' } },
  10: { symbol: 'ETH', name: 'Ether', prices: { USD: '2000', EUR: '1850', GBP: '1600' } },
  42220: { symbol: 'CELO', name: 'Celo', prices: { USD: '0.60', EUR: '0.55', GBP: '0.48' } },
  8453: { symbol: 'ETH', name: 'Ether', prices: { USD: '2000', EUR: '1850', GBP: '1600' } },
}

/** What the sandbox sells, and at what price: the same for its two providers. */
export interface SandboxMarket {
  catalog: OnrampCatalog
  /** The price in cents of one `token` on `chainId` in `currency`; undefined when not sold. */
  priceCents(chainId: number, token: Address, currency: string): bigint | undefined
}

/**
 * The sandbox's market on the server's chains that SPEC §9 lists as card-payment chains: each
 * chain's own currency, plus the option's tokens.
 */
export function sandboxMarket(chainIds: readonly number[], options: SandboxOptions): SandboxMarket {
  const tokens: OnrampToken[] = []
  const prices = new Map<string, Prices>()
  const key = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`
  for (const chainId of chainIds) {
    const native = cardChains[chainId]
    if (!native) continue
    tokens.push({
      chainId,
      address: nativeTokenAddress,
      symbol: native.symbol,
      name: native.name,
      decimals: 18,
    })
    prices.set(key(chainId, nativeTokenAddress), native.prices)
    for (const token of options.tokens[String(chainId)] ?? []) {
      const { prices: tokenPrices, ...rest } = token
      tokens.push({ chainId, ...rest, address: rest.address as Address })
      prices.set(key(chainId, token.address), tokenPrices)
    }
  }
  return {
    catalog: { fiatCurrencies: fiat, countries, paymentMethods: ['card'], tokens },
    priceCents(chainId, token, currency) {
      const price = prices.get(key(chainId, token))?.[currency]
      return price === undefined ? undefined : toCents(price)
    },
  }
}
