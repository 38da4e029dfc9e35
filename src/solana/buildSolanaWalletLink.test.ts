import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/base'
import { InvalidPageUrlError } from '../errors/InvalidPageUrlError'
import { isSafeDeepLinkUrl } from '../utils/url'
import { buildSolanaWalletLink, isLinkablePageUrl } from './buildSolanaWalletLink'

const pageUrl = 'https://app.example.com/swap?from=SOL&to=USDC&note=a b#pay/now'

/** What a thrown error was: its class and reason. */
function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    return error instanceof InvalidPageUrlError ? error.reason : error
  }
  return undefined
}

/**
 * http(s) pages with any text in the path, query and hash, as the URL parser writes them (not
 * `fc.webUrl`: its percent-encoded parts take seconds to set up).
 */
const pageUrls = fc
  .record({
    origin: fc.constantFrom(
      'https://app.example.com',
      'http://127.0.0.1:5173',
      'https://xn--bcher-kva.example',
    ),
    path: fc.string({ unit: 'binary' }),
    query: fc.string({ unit: 'binary' }),
    hash: fc.string({ unit: 'binary' }),
  })
  .map(({ origin, path, query, hash }) => {
    const url = new URL(origin)
    url.pathname = path
    url.search = query
    url.hash = hash
    return url.href
  })

describe('buildSolanaWalletLink', () => {
  test("default: Phantom's browse link, the page and its origin URI-encoded", () => {
    expect(buildSolanaWalletLink({ wallet: 'phantom', pageUrl: 'https://app.example.com/' })).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example.com%2F?ref=https%3A%2F%2Fapp.example.com',
    )
  })

  test("default: Coinbase Wallet's dapp link, the page URI-encoded", () => {
    expect(buildSolanaWalletLink({ wallet: 'coinbase', pageUrl: 'https://app.example.com/' })).toBe(
      'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fapp.example.com%2F',
    )
  })

  test('behavior: a page with a query and a hash goes whole, its ? & = # encoded, the origin without path', () => {
    // the space is the URL parser's %20, encoded again as %2520
    const page =
      'https%3A%2F%2Fapp.example.com%2Fswap%3Ffrom%3DSOL%26to%3DUSDC%26note%3Da%2520b%23pay%2Fnow'
    expect(buildSolanaWalletLink({ wallet: 'phantom', pageUrl })).toBe(
      `https://phantom.app/ul/browse/${page}?ref=https%3A%2F%2Fapp.example.com`,
    )
    expect(buildSolanaWalletLink({ wallet: 'coinbase', pageUrl })).toBe(
      `https://go.cb-w.com/dapp?cb_url=${page}`,
    )
  })

  test('behavior: a port and an http page (a local dev server) keep their origin', () => {
    expect(
      buildSolanaWalletLink({ wallet: 'phantom', pageUrl: 'http://127.0.0.1:5173/?solana=1' }),
    ).toBe(
      'https://phantom.app/ul/browse/http%3A%2F%2F127.0.0.1%3A5173%2F%3Fsolana%3D1?ref=http%3A%2F%2F127.0.0.1%3A5173',
    )
  })

  test('error: a page that is not an absolute http(s) URL, or holds credentials, is refused', () => {
    for (const wallet of ['phantom', 'coinbase'] as const) {
      expect(
        refusal(() => buildSolanaWalletLink({ wallet, pageUrl: 'file:///home/me/app.html' })),
      ).toBe('scheme')
      expect(refusal(() => buildSolanaWalletLink({ wallet, pageUrl: 'javascript:alert(1)' }))).toBe(
        'scheme',
      )
      expect(
        refusal(() => buildSolanaWalletLink({ wallet, pageUrl: 'capacitor://localhost/' })),
      ).toBe('scheme')
      expect(refusal(() => buildSolanaWalletLink({ wallet, pageUrl: '/swap' }))).toBe('unparsable')
      expect(refusal(() => buildSolanaWalletLink({ wallet, pageUrl: '' }))).toBe('unparsable')
      expect(
        refusal(() =>
          buildSolanaWalletLink({ wallet, pageUrl: 'https://me:secret@app.example.com/' }),
        ),
      ).toBe('credentials')
    }
  })

  test('error: InvalidPageUrlError says why, and not what the URL held', () => {
    let thrown: unknown
    try {
      buildSolanaWalletLink({ wallet: 'phantom', pageUrl: 'file:///home/me/secret-notes.html' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    expect(thrown).toBeInstanceOf(InvalidPageUrlError)
    expect((thrown as InvalidPageUrlError).message).not.toContain('secret-notes')
    expect((thrown as InvalidPageUrlError).message).toMatchInlineSnapshot(`
      "Page URL cannot open in a wallet's browser: it is not an http: or https: URL.

      - Expected an http: or https: page URL, e.g. https://app.example.com/swap.

      Docs: node_modules/latchkey/docs/errors.md#solana
      Version: latchkey@0.1.0"
    `)
  })

  test('behavior: any http(s) page comes back whole from the link, which is an https deep link', () => {
    fc.assert(
      fc.property(
        pageUrls,
        fc.constantFrom('phantom' as const, 'coinbase' as const),
        (raw, wallet) => {
          const url = new URL(raw)
          const link = new URL(buildSolanaWalletLink({ wallet, pageUrl: raw }))
          expect(isSafeDeepLinkUrl(link.href)).toBe(true)
          if (wallet === 'phantom') {
            expect(link.origin).toBe('https://phantom.app')
            expect(link.pathname.startsWith('/ul/browse/')).toBe(true)
            const page = link.pathname.slice('/ul/browse/'.length)
            expect(decodeURIComponent(page)).toBe(url.href)
            expect([...link.searchParams]).toEqual([['ref', url.origin]])
          } else {
            expect(link.origin + link.pathname).toBe('https://go.cb-w.com/dapp')
            expect([...link.searchParams]).toEqual([['cb_url', url.href]])
          }
          expect(link.hash).toBe('')
        },
      ),
    )
  })
})

describe('isLinkablePageUrl', () => {
  test('behavior: true exactly where buildSolanaWalletLink builds', () => {
    expect(isLinkablePageUrl(pageUrl)).toBe(true)
    expect(isLinkablePageUrl('http://localhost:3000/')).toBe(true)
    expect(isLinkablePageUrl('file:///index.html')).toBe(false)
    expect(isLinkablePageUrl('https://u:p@app.example.com/')).toBe(false)
    expect(isLinkablePageUrl(undefined)).toBe(false)
  })
})
