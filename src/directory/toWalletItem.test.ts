import { describe, expect, test } from 'vitest'
import { toWalletItem } from './toWalletItem'

describe('toWalletItem', () => {
  test('default: a row that opens WalletConnect with the entry links', () => {
    expect(
      toWalletItem(
        {
          id: 'harbor',
          name: 'Harbor',
          mobile_link: 'https://harbor.example/open/',
          desktop_link: 'harbor://',
          rdns: 'example.harbor',
        },
        'https://directory.example/getWalletImage/harbor',
      ),
    ).toEqual({
      id: 'harbor',
      name: 'Harbor',
      icon: 'https://directory.example/getWalletImage/harbor',
      rdns: 'example.harbor',
      group: 'custom',
      installed: false,
      link: undefined,
      links: {
        mobileLink: 'https://harbor.example/open/',
        desktopLink: 'harbor://',
        webappLink: undefined,
      },
    })
  })

  test('behavior: links even without any (the QR code still pairs), no http image, https web app only', () => {
    const item = toWalletItem(
      { id: 'w', name: 'W', webapp_link: 'wapp://open' },
      'http://127.0.0.1:8787/getWalletImage/w',
      'featured',
    )
    expect(item.icon).toBeUndefined()
    expect(item.links).toEqual({
      mobileLink: undefined,
      desktopLink: undefined,
      webappLink: undefined,
    })
    expect(item.link).toBeUndefined()
    expect(item.group).toBe('featured')
    expect(
      toWalletItem({ id: 'w', name: 'W', webapp_link: 'https://w.example' }, undefined).link,
    ).toBe('https://w.example')
  })
})
