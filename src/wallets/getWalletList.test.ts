import { describe, expect, test } from 'vitest'
import { getWalletList, type WalletListConnector, type WalletListOptions } from './getWalletList'

const order = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
const options = (extra: Partial<WalletListOptions> = {}): WalletListOptions => ({
  features: { connectorTypeOrder: order },
  ...extra,
})
const icon = 'data:image/svg+xml;base64,PHN2Zy8+'

const metamask: WalletListConnector = {
  id: 'io.metamask',
  uid: 'uid-mm',
  name: 'MetaMask',
  type: 'injected',
  icon,
  rdns: 'io.metamask',
}
const rabby: WalletListConnector = {
  id: 'io.rabby',
  uid: 'uid-rabby',
  name: 'Rabby',
  type: 'injected',
  icon: 'https://rabby.io/icon.png',
  rdns: ['io.rabby', 'io.rabby.alt'],
}
const generic: WalletListConnector = {
  id: 'injected',
  uid: 'uid-inj',
  name: 'Injected',
  type: 'injected',
}
const mock: WalletListConnector = {
  id: 'mock',
  uid: 'uid-mock',
  name: 'Mock Connector',
  type: 'mock',
}
const walletConnect: WalletListConnector = {
  id: 'walletConnect',
  uid: 'uid-wc',
  name: 'WalletConnect',
  type: 'walletConnect',
}

const summary = (items: ReturnType<typeof getWalletList>) =>
  items.map((w) => `${w.group}:${w.name}${w.installed ? '' : ' (not installed)'}`)

describe('getWalletList', () => {
  test('default', () => {
    const items = getWalletList({ connectors: [metamask, rabby, mock], options: options() })
    expect(summary(items)).toMatchInlineSnapshot(`
      [
        "injected:MetaMask",
        "injected:Rabby",
        "external:Mock Connector",
      ]
    `)
    expect(items[0]).toEqual({
      id: 'uid-mm',
      name: 'MetaMask',
      icon,
      rdns: 'io.metamask',
      group: 'injected',
      connectorUid: 'uid-mm',
      installed: true,
    })
    expect(items[1]?.rdns).toBe('io.rabby')
  })

  test('behavior: the generic injected connector only shows when nothing was announced', () => {
    expect(summary(getWalletList({ connectors: [generic, metamask], options: options() }))).toEqual(
      ['injected:MetaMask'],
    )
    expect(summary(getWalletList({ connectors: [generic], options: options() }))).toEqual([
      'injected:Injected',
    ])
  })

  test('behavior: EIP-6963 connectors (rdns as id, as wagmi creates them) get their rdns', () => {
    const announced: WalletListConnector = {
      id: 'dev.latchkey.testwallet',
      uid: 'uid-test',
      name: 'Latchkey Test Wallet',
      type: 'injected',
      icon,
    }
    const items = getWalletList({ connectors: [generic, announced], options: options() })
    expect(items).toMatchObject([{ rdns: 'dev.latchkey.testwallet', group: 'injected' }])
  })

  test('behavior: connectors with their own flow are not wallet rows', () => {
    const embedded = {
      ...walletConnect,
      id: 'embeddedWallet',
      uid: 'uid-e',
      type: 'embeddedWallet',
    }
    expect(getWalletList({ connectors: [embedded], options: options() })).toEqual([])
  })

  test('behavior: a walletConnect connector is one row of its own group, first by default', () => {
    const items = getWalletList({ connectors: [metamask, walletConnect], options: options() })
    expect(summary(items)).toEqual([
      'walletConnect:WalletConnect (not installed)',
      'injected:MetaMask',
    ])
    expect(items[0]?.connectorUid).toBe('uid-wc')
  })

  test('behavior: custom wallets carry their allowlisted WalletConnect links', () => {
    const items = getWalletList({
      connectors: [],
      options: options({
        customWallets: [
          { id: 'a', name: 'A', mobileLink: 'awallet://', webappLink: 'https://a.example' },
          { id: 'b', name: 'B', mobileLink: 'javascript:alert(1)' },
        ],
      }),
    })
    expect(items[0]?.links).toEqual({
      mobileLink: 'awallet://',
      desktopLink: undefined,
      webappLink: 'https://a.example',
    })
    expect(items[1]?.links).toBeUndefined()
  })

  test('behavior: recent first, deduped by rdns', () => {
    const items = getWalletList({
      connectors: [metamask, rabby],
      recent: [{ id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' }],
      options: options(),
    })
    expect(summary(items)).toEqual(['recent:Rabby', 'injected:MetaMask'])
  })

  test('behavior: a recent wallet that cannot connect is dropped', () => {
    const items = getWalletList({
      connectors: [metamask],
      recent: [{ id: 'gone', name: 'Gone Wallet', rdns: 'com.gone' }],
      options: options(),
    })
    expect(summary(items)).toEqual(['injected:MetaMask'])
  })

  test('parameters: features.connectorTypeOrder', () => {
    const items = getWalletList({
      connectors: [metamask, mock],
      options: options({
        features: { connectorTypeOrder: ['custom', 'external', 'injected'] },
        customWallets: [{ id: 'acme', name: 'Acme', homepage: 'https://acme.example' }],
      }),
    })
    expect(summary(items)).toEqual([
      'custom:Acme (not installed)',
      'external:Mock Connector',
      'injected:MetaMask',
    ])
  })

  test('parameters: excludeWalletIds (id, rdns or connector id)', () => {
    const items = getWalletList({
      connectors: [metamask, rabby, mock],
      options: options({ excludeWalletIds: ['io.metamask', 'mock'] }),
    })
    expect(summary(items)).toEqual(['injected:Rabby'])
  })

  test('parameters: includeWalletIds', () => {
    const items = getWalletList({
      connectors: [metamask, rabby, mock],
      options: options({ includeWalletIds: ['io.rabby'] }),
    })
    expect(summary(items)).toEqual(['injected:Rabby'])
  })

  test('parameters: featuredWalletIds', () => {
    const items = getWalletList({
      connectors: [metamask, mock],
      options: options({
        featuredWalletIds: ['mock', 'acme', 'unknown'],
        customWallets: [{ id: 'acme', name: 'Acme' }],
      }),
    })
    expect(summary(items)).toEqual([
      'injected:MetaMask',
      'featured:Mock Connector',
      'featured:Acme (not installed)',
    ])
  })

  test('parameters: customWallets (rdns of an installed wallet, links)', () => {
    const items = getWalletList({
      connectors: [mock, { ...metamask, type: 'metaMask' }],
      options: options({
        features: { connectorTypeOrder: ['custom'] },
        customWallets: [
          { id: 'mm', name: 'MetaMask (custom)', rdns: 'io.metamask' },
          { id: 'x', name: 'X', webappLink: 'javascript:alert(1)', homepage: 'https://x.example' },
        ],
      }),
    })
    expect(items[0]).toMatchObject({ id: 'mm', installed: true, connectorUid: 'uid-mm', icon })
    expect(items[1]).toMatchObject({ id: 'x', installed: false, link: 'https://x.example' })
  })

  test('behavior: unsafe icons are dropped', () => {
    const items = getWalletList({
      connectors: [
        { ...metamask, icon: 'javascript:alert(1)' },
        { ...rabby, icon: 'http://insecure.example/icon.png' },
      ],
      options: options({
        customWallets: [{ id: 'svg', name: 'Svg', imageUrl: 'data:text/html,<script>' }],
      }),
    })
    expect(items.map((w) => w.icon)).toEqual([undefined, undefined, undefined])
  })
})
