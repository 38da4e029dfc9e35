import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { OptionsValidationError } from '../errors/OptionsValidationError'
import { type LatchkeyOptions, optionsSchema } from './options'
import { parseOptions } from './parseOptions'

function reject(input: unknown): string {
  try {
    parseOptions(input as LatchkeyOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsValidationError)
    return (error as OptionsValidationError).shortMessage
  }
  return 'no error'
}

describe('parseOptions', () => {
  test('default: SPEC §9 defaults', () => {
    expect(parseOptions()).toMatchInlineSnapshot(`
      {
        "allWallets": "show",
        "allowUnsupportedChain": false,
        "connectTimeoutMs": 60000,
        "customWallets": [],
        "debug": false,
        "defaultAccountTypes": {
          "bip122": "payment",
          "eip155": "eoa",
          "polkadot": "eoa",
          "solana": "eoa",
        },
        "enableEmbedded": false,
        "enableNetworkSwitch": true,
        "excludeWalletIds": [],
        "featuredWalletIds": [],
        "features": {
          "allWallets": true,
          "analytics": true,
          "collapseWallets": false,
          "connectMethodsOrder": [
            "email",
            "social",
            "wallet",
          ],
          "connectorTypeOrder": [
            "walletConnect",
            "recent",
            "injected",
            "featured",
            "custom",
            "external",
            "recommended",
          ],
          "email": true,
          "emailShowWallets": true,
          "history": true,
          "legalCheckbox": false,
          "onramp": true,
          "pay": false,
          "receive": true,
          "send": true,
          "smartSessions": false,
          "socials": [
            "google",
            "x",
            "farcaster",
            "discord",
            "apple",
            "github",
            "facebook",
          ],
          "swaps": true,
          "walletFeaturesOrder": [
            "onramp",
            "swaps",
            "receive",
            "send",
          ],
        },
        "includeWalletIds": [],
        "manualWCControl": false,
        "themeMode": "dark",
        "themeVariables": {
          "borderRadiusMaster": "4px",
          "colorMixStrength": 0,
          "fontSizeMaster": "10px",
          "zIndex": 999,
        },
      }
    `)
    expect(parseOptions({})).toEqual(parseOptions())
  })

  test('parameters: a full set of options', () => {
    const options = parseOptions({
      projectId: 'abc',
      metadata: {
        name: 'Dapp',
        description: 'A dapp',
        url: 'http://localhost:5173',
        icons: ['https://dapp.example/icon.png'],
      },
      features: { email: false, socials: false, swaps: false, connectMethodsOrder: ['wallet'] },
      allWallets: 'only-mobile',
      customWallets: [
        {
          id: 'my-wallet',
          name: 'My Wallet',
          homepage: 'https://wallet.example',
          imageUrl: 'data:image/png;base64,AAAA',
          mobileLink: 'mywallet://',
          desktopLink: 'mywallet-desktop://',
          webappLink: 'https://app.wallet.example',
          rdns: 'example.wallet',
        },
      ],
      featuredWalletIds: ['a'],
      includeWalletIds: ['b'],
      excludeWalletIds: ['c'],
      termsConditionsUrl: 'https://dapp.example/terms',
      privacyPolicyUrl: 'https://dapp.example/privacy',
      themeMode: 'light',
      themeVariables: { accent: '#ff0000', fontFamily: '"Inter", sans-serif', zIndex: 50 },
      defaultAccountTypes: { eip155: 'eoa' },
      allowUnsupportedChain: true,
      enableNetworkSwitch: false,
      enableEmbedded: true,
      manualWCControl: true,
      defaultNetwork: 'eip155:56',
      debug: true,
    })
    expect(options.features).toMatchObject({
      email: false,
      socials: false,
      swaps: false,
      send: true,
      connectMethodsOrder: ['wallet'],
    })
    expect(options.themeVariables).toEqual({
      accent: '#ff0000',
      fontFamily: '"Inter", sans-serif',
      zIndex: 50,
      fontSizeMaster: '10px',
      borderRadiusMaster: '4px',
      colorMixStrength: 0,
    })
    expect(options.defaultAccountTypes).toEqual({
      eip155: 'eoa',
      solana: 'eoa',
      bip122: 'payment',
      polkadot: 'eoa',
    })
    expect(options.customWallets[0]?.mobileLink).toBe('mywallet://')
    expect(options.defaultNetwork).toBe('eip155:56')
    expect(options.enableEmbedded).toBe(true)
  })

  test('parameters: directory', () => {
    expect(parseOptions().directory).toBeUndefined()
    expect(parseOptions({ directory: { url: 'https://dir.example' } }).directory).toEqual({
      url: 'https://dir.example',
    })
    expect(parseOptions({ directory: { url: 'http://localhost:8787' } }).directory?.url).toBe(
      'http://localhost:8787',
    )
    for (const url of ['http://dir.example', 'javascript:alert(1)', 'ftp://dir.example', ''])
      expect(reject({ directory: { url } })).toContain('directory.url')
    expect(reject({ directory: { url: 'https://dir.example', page: 2 } })).toContain('page')
  })

  test('parameters: chainData', () => {
    expect(parseOptions().chainData).toBeUndefined()
    const token = { address: `0x${'ab'.repeat(20)}`, name: 'Token', symbol: 'TKN', decimals: 6 }
    expect(
      parseOptions({ chainData: { url: 'https://wallet.example', tokens: { 1: [token] } } })
        .chainData,
    ).toEqual({ url: 'https://wallet.example', tokens: { 1: [token] } })
    expect(parseOptions({ chainData: { url: 'http://127.0.0.1:8787' } }).chainData?.url).toBe(
      'http://127.0.0.1:8787',
    )
    for (const url of ['http://wallet.example', 'javascript:alert(1)', ''])
      expect(reject({ chainData: { url } })).toContain('chainData.url')
    expect(reject({ chainData: { tokens: { 1: [{ ...token, address: '0x12' }] } } })).toContain(
      'chainData.tokens',
    )
    expect(reject({ chainData: { tokens: { mainnet: [token] } } })).toContain('chainData.tokens')
    expect(
      reject({ chainData: { tokens: { 1: [{ ...token, iconUrl: 'javascript:alert(1)' }] } } }),
    ).toContain('iconUrl')
    expect(reject({ chainData: { url: 'https://wallet.example', pageSize: 5 } })).toContain(
      'pageSize',
    )
  })

  test('behavior: unknown keys fail at every level', () => {
    expect(reject({ feature: { email: true } })).toMatchInlineSnapshot(
      `"Unknown option "feature"."`,
    )
    expect(reject({ features: { emails: true } })).toMatchInlineSnapshot(
      `"Unknown option "features.emails"."`,
    )
    expect(reject({ themeVariables: { '--w3m-accent': 'red' } })).toMatchInlineSnapshot(
      `"Unknown option "themeVariables.--w3m-accent"."`,
    )
    expect(reject({ customWallets: [{ id: 'a', name: 'A', image: 'x' }] })).toMatchInlineSnapshot(
      `"Unknown option "customWallets.0.image"."`,
    )
    expect(reject({ metadata: { name: 'A', icon: 'x' } })).toMatchInlineSnapshot(
      `"Unknown option "metadata.icon"."`,
    )
    expect(reject({ defaultAccountTypes: { cosmos: 'eoa' } })).toMatchInlineSnapshot(
      `"Unknown option "defaultAccountTypes.cosmos"."`,
    )
  })

  test('behavior: invalid values name the dotted option path', () => {
    expect(reject({ features: { email: 'yes' } })).toMatchInlineSnapshot(
      `"Invalid option "features.email": Expected boolean, received string."`,
    )
    expect(reject({ themeMode: 'blue' })).toMatchInlineSnapshot(
      `"Invalid option "themeMode": Expected "dark" | "light", received "blue"."`,
    )
    expect(reject({ allWallets: true })).toMatchInlineSnapshot(
      `"Invalid option "allWallets": Expected "show" | "hide" | "only-mobile", received true."`,
    )
    expect(reject({ features: { socials: ['google', 'myspace'] } })).toMatchInlineSnapshot(
      `"Invalid option "features.socials.1": Expected "google" | "x" | "farcaster" | "discord" | "apple" | "github" | "facebook", received "myspace"."`,
    )
    expect(reject({ features: { socials: true } })).toMatchInlineSnapshot(
      `"Invalid option "features.socials": Expected array or false, received boolean."`,
    )
    expect(reject({ features: { connectMethodsOrder: ['email', 'email'] } })).toMatchInlineSnapshot(
      `"Invalid option "features.connectMethodsOrder": Expected each value at most once."`,
    )
    expect(reject({ features: null })).toMatchInlineSnapshot(
      `"Invalid option "features": Expected object, received null."`,
    )
    expect(reject({ metadata: {} })).toMatchInlineSnapshot(
      `"Invalid option "metadata.name": Expected string, received undefined."`,
    )
    expect(reject({ projectId: '' })).toMatchInlineSnapshot(
      `"Invalid option "projectId": Expected at least 1 character."`,
    )
    expect(reject({ excludeWalletIds: 'metamask' })).toMatchInlineSnapshot(
      `"Invalid option "excludeWalletIds": Expected array, received string."`,
    )
    expect(reject({ themeVariables: { zIndex: -1 } })).toMatchInlineSnapshot(
      `"Invalid option "themeVariables.zIndex": Expected a number >= 0, received -1."`,
    )
    expect(reject({ themeVariables: { colorMixStrength: 101 } })).toMatchInlineSnapshot(
      `"Invalid option "themeVariables.colorMixStrength": Expected a number <= 100, received 101."`,
    )
    expect(reject({ themeVariables: { zIndex: 1.5 } })).toMatchInlineSnapshot(
      `"Invalid option "themeVariables.zIndex": Expected integer, received 1.5."`,
    )
    expect(
      reject({ themeVariables: { accent: 'red; } body { color: red' } }),
    ).toMatchInlineSnapshot(
      `"Invalid option "themeVariables.accent": Expected a CSS value without ; { } < > or \\."`,
    )
    expect(reject({ defaultNetwork: 'ethereum' })).toMatchInlineSnapshot(
      `"Invalid option "defaultNetwork": Expected a CAIP-2 network id such as "eip155:1"."`,
    )
  })

  test('behavior: input that is not an object', () => {
    expect(reject(null)).toMatchInlineSnapshot(
      `"Invalid option "options": Expected object, received null."`,
    )
    expect(reject([])).toMatchInlineSnapshot(
      `"Invalid option "options": Expected object, received array."`,
    )
  })

  test('behavior: URLs are scheme-checked', () => {
    expect(reject({ termsConditionsUrl: 'http://dapp.example/terms' })).toMatchInlineSnapshot(
      `"Invalid option "termsConditionsUrl": Expected an https: URL."`,
    )
    expect(reject({ privacyPolicyUrl: 'javascript:alert(1)' })).toMatchInlineSnapshot(
      `"Invalid option "privacyPolicyUrl": Expected an https: URL."`,
    )
    expect(
      reject({ customWallets: [{ id: 'a', name: 'A', imageUrl: 'data:text/html,<script>' }] }),
    ).toMatchInlineSnapshot(
      `"Invalid option "customWallets.0.imageUrl": Expected an https: URL or a data:image/ URI of at most 128 KB."`,
    )
    for (const mobileLink of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(reject({ customWallets: [{ id: 'a', name: 'A', mobileLink }] })).toBe(
        'Invalid option "customWallets.0.mobileLink": Expected an https: URL or an app scheme such as "metamask://".',
      )
    }
    expect(reject({ customWallets: [{ id: 'a', name: 'A', webappLink: 'metamask://' }] })).toBe(
      'Invalid option "customWallets.0.webappLink": Expected an https: URL.',
    )
    expect(reject({ metadata: { name: 'A', url: 'http://dapp.example' } })).toMatchInlineSnapshot(
      `"Invalid option "metadata.url": Expected an https: URL (or http://localhost)."`,
    )
    expect(reject({ metadata: { name: 'A', icons: ['http://dapp.example/i.png'] } })).toBe(
      'Invalid option "metadata.icons.0": Expected an https: URL or a data:image/ URI of at most 128 KB.',
    )
  })

  test('behavior: the analytics endpoint is optional, https (or localhost) and strict', () => {
    expect(parseOptions({}).analytics).toBeUndefined()
    expect(parseOptions({ analytics: { url: 'https://latchkey.example' } }).analytics).toEqual({
      url: 'https://latchkey.example',
    })
    expect(parseOptions({ analytics: { url: 'http://127.0.0.1:8787' } }).analytics?.url).toBe(
      'http://127.0.0.1:8787',
    )
    expect(reject({ analytics: { url: 'http://tracker.example' } })).toBe(
      'Invalid option "analytics.url": Expected an https: URL (or http://localhost).',
    )
    expect(reject({ analytics: { url: 'https://latchkey.example', host: 'x' } })).toBe(
      'Unknown option "analytics.host".',
    )
  })

  test('behavior: the error carries option and reason', () => {
    try {
      parseOptions({ features: { email: 1 } } as unknown as LatchkeyOptions)
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({
        name: 'OptionsValidationError',
        option: 'features.email',
        reason: 'Expected boolean, received number.',
      })
    }
  })

  test('error: a value whose toString cannot be called is named by its kind, not a TypeError', () => {
    // fast-check's counterexample (seed -763986419): String() of it throws
    const input = { features: { socials: [{ toString: false }] } } as unknown as LatchkeyOptions
    expect(() => parseOptions(input)).toThrow(OptionsValidationError)
  })

  test('behavior: never anything but options or OptionsValidationError', () => {
    const nearlyOptions = fc.record(
      {
        themeMode: fc.oneof(fc.constantFrom('dark', 'light'), fc.string()),
        features: fc.record(
          { email: fc.oneof(fc.boolean(), fc.anything()), socials: fc.anything() },
          { requiredKeys: [] },
        ),
        customWallets: fc.array(fc.record({ id: fc.string(), name: fc.string() })),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.oneof(fc.anything(), nearlyOptions), (input) => {
        let resolved: ReturnType<typeof parseOptions>
        try {
          resolved = parseOptions(input as LatchkeyOptions)
        } catch (error) {
          expect(error).toBeInstanceOf(OptionsValidationError)
          expect((error as OptionsValidationError).shortMessage).toMatch(
            /^(Unknown option ".*"\.|Invalid option ".*": .+)$/s,
          )
          return
        }
        expect(optionsSchema.safeParse(input).success).toBe(true)
        expect(resolved.themeMode).toMatch(/^(dark|light)$/)
        expect(typeof resolved.features.email).toBe('boolean')
      }),
    )
  })
})
