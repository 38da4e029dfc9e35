import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { TokenIcon } from '../modal/account/TokenIcon'
import { WalletIcon } from './WalletIcon'

describe('ImageOrInitial (WalletIcon, TokenIcon)', () => {
  test('default: an https icon is drawn at its size and sends no referrer to the icon host', () => {
    const { container } = render(
      <>
        <WalletIcon name="Rabby" icon="https://icons.example/rabby.png" size={48} />
        <TokenIcon name="USDC" url="https://icons.example/usdc.png" />
      </>,
    )
    const [wallet, token] = Array.from(container.querySelectorAll('img'))
    expect(wallet?.getAttribute('src')).toBe('https://icons.example/rabby.png')
    expect(wallet?.hasAttribute('data-lk-wallet-icon')).toBe(true)
    expect(wallet?.style.width).toBe('48px')
    expect(wallet?.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(token?.hasAttribute('data-lk-token-icon')).toBe(true)
    expect(token?.style.width).toBe('36px')
    expect(token?.getAttribute('referrerpolicy')).toBe('no-referrer')
  })

  test('behavior: any other scheme gets the initial on a tile, nothing is fetched', () => {
    const { container } = render(
      <>
        <WalletIcon name=" rabby" icon="javascript:alert(1)" />
        <TokenIcon name="" url="http://icons.example/usdc.png" />
      </>,
    )
    expect(container.querySelectorAll('img')).toHaveLength(0)
    const tiles = Array.from(container.querySelectorAll('span[aria-hidden="true"]'))
    expect(tiles.map((tile) => tile.textContent)).toEqual(['R', '?'])
    expect(tiles[0]?.hasAttribute('data-lk-wallet-icon')).toBe(true)
    expect(tiles[1]?.hasAttribute('data-lk-token-icon')).toBe(true)
  })
})
