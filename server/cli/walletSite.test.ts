import { describe, expect, test } from 'vitest'
import { walletSiteSummary } from './walletSite'

describe('walletSiteSummary', () => {
  test('default: wallet.<your-domain> beside app.<your-domain> is the same site', () => {
    expect(
      walletSiteSummary('https://wallet.example.com', { shop: ['https://app.example.com'] }),
    ).toBe('wallet.example.com, same site as your dapps: sessions survive reloads')
  })

  test('behavior: another registrable domain, or no --public-url, gets the recommendation', () => {
    expect(
      walletSiteSummary('https://wallet.other.net', {
        shop: ['https://app.example.com', 'http://*.other.net:*'],
      }),
    ).toMatch(/^wallet\.other\.net is another site than app\.example\.com: .* recommended/)
    expect(walletSiteSummary(undefined, {})).toMatch(/--public-url https:\/\/wallet\.<your-domain>/)
  })
})
