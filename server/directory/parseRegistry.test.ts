import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseRegistry } from './parseRegistry'
import { sampleRegistry } from './sample/sampleRegistry'

const good = {
  id: 'good',
  name: 'Good Wallet',
  image_id: 'good-logo',
  mobile_link: 'goodwallet://',
  webapp_link: 'https://good.example',
  chains: ['eip155:1'],
}

describe('parseRegistry (I2, K3)', () => {
  test('default: the sample registry is served whole, in order, certified ones marked', () => {
    const registry = parseRegistry(sampleRegistry)
    expect(registry.dropped).toEqual([])
    expect(registry.wallets.map((wallet) => wallet.id)).toEqual([
      'lantern',
      'harbor',
      'quill-pay',
      'mosaic-vault',
      'tern',
      'birchkey',
    ])
    expect(registry.wallets.filter((w) => w.badge_type === 'certified')).toHaveLength(3)
  })

  test('behavior: each bad entry is dropped on its own with its reason; the good ones stay', () => {
    const registry = parseRegistry({
      wallets: [
        good,
        { ...good, id: 'html', name: '<img src=x onerror=alert(1)>' },
        { ...good, id: 'js-mobile', mobile_link: 'javascript:alert(1)//' },
        { ...good, id: 'data-desktop', desktop_link: 'data:text/html,<script>alert(1)</script>' },
        { ...good, id: 'http-webapp', webapp_link: 'http://plain.example' },
        { ...good, id: 'data-image', image_url: 'data:image/svg+xml,<svg onload=alert(1)>' },
        { ...good, id: 'hidden-scheme', mobile_link: ' javascript:alert(1)' },
        { ...good, id: '../escape' },
        { ...good, id: 'dotted-image', image_id: '../../registry' },
        { ...good, id: 'bidi', name: 'Safe\u202egnp.exe' },
        { ...good, id: 'bad-chain', chains: ['ethereum'] },
        { ...good, id: 'bad-badge', badge_type: 'gold' },
        { ...good, id: 'no-name', name: '   ' },
        'not an object',
        { ...good, name: 'Second Good' },
        { ...good, id: 'second', name: 'Second' },
      ],
    })
    expect(registry.wallets.map((wallet) => wallet.id)).toEqual(['good', 'second'])
    expect(registry.dropped).toMatchInlineSnapshot(`
      [
        {
          "id": "html",
          "index": 1,
          "reason": "name: Must not contain HTML or control characters.",
        },
        {
          "id": "js-mobile",
          "index": 2,
          "reason": "mobile_link: Expected https or a wallet scheme such as lantern:// (javascript:, data: and others are refused).",
        },
        {
          "id": "data-desktop",
          "index": 3,
          "reason": "desktop_link: Expected https or a wallet scheme such as lantern:// (javascript:, data: and others are refused).",
        },
        {
          "id": "http-webapp",
          "index": 4,
          "reason": "webapp_link: Expected an https URL (javascript:, data: and others are refused).",
        },
        {
          "id": "data-image",
          "index": 5,
          "reason": "image_url: Expected an https URL (javascript:, data: and others are refused).",
        },
        {
          "id": "hidden-scheme",
          "index": 6,
          "reason": "mobile_link: Expected https or a wallet scheme such as lantern:// (javascript:, data: and others are refused).",
        },
        {
          "id": "../escape",
          "index": 7,
          "reason": "id: Expected 1–128 letters, digits, _ or -.",
        },
        {
          "id": "dotted-image",
          "index": 8,
          "reason": "image_id: Expected 1–128 letters, digits, _ or -.",
        },
        {
          "id": "bidi",
          "index": 9,
          "reason": "name: Must not contain HTML or control characters.",
        },
        {
          "id": "bad-chain",
          "index": 10,
          "reason": "chains.0: Expected CAIP-2 chain ids such as eip155:1.",
        },
        {
          "id": "bad-badge",
          "index": 11,
          "reason": "badge_type: Invalid option: expected one of "certified"|"none"",
        },
        {
          "id": "no-name",
          "index": 12,
          "reason": "name: Too small: expected string to have >=1 characters",
        },
        {
          "id": undefined,
          "index": 13,
          "reason": "Invalid input: expected object, received string",
        },
        {
          "id": "good",
          "index": 14,
          "reason": "id: Repeats an earlier entry.",
        },
      ]
    `)
  })

  test('behavior: unknown fields are not served', () => {
    const registry = parseRegistry({ wallets: [{ ...good, onclick: 'alert(1)', __proto__: {} }] })
    expect(registry.wallets).toEqual([{ ...good, badge_type: 'none' }])
  })

  test('error: a file that is not { wallets: [...] } is refused as a whole', () => {
    expect(() => parseRegistry([good])).toThrowError(
      'Invalid option "directory.registry": Expected { wallets: [...] }; Invalid input: expected object, received array',
    )
    expect(() => parseRegistry({ wallets: [], features: { email: 'yes' } })).toThrowError(
      'features.email',
    )
  })

  test('property: no served wallet has markup in its name or a refused scheme in a link', () => {
    const refused = fc.constantFrom(
      'javascript:',
      'JavaScript:',
      'data:',
      'vbscript:',
      'file:',
      'http:',
    )
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        refused,
        fc.constantFrom('mobile_link', 'desktop_link', 'webapp_link', 'homepage', 'image_url'),
        (before, after, scheme, field) => {
          const registry = parseRegistry({
            wallets: [
              { ...good, id: 'a', name: `${before}<${after}` },
              { ...good, id: 'b', [field]: `${scheme}${after}` },
              { ...good, id: 'c', name: `${before}>${after}` },
            ],
          })
          expect(registry.wallets).toEqual([])
          expect(registry.dropped.map((entry) => entry.index)).toEqual([0, 1, 2])
        },
      ),
    )
  })
})
