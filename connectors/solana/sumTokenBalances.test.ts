import { describe, expect, test } from 'vitest'
import { sumTokenBalances } from './sumTokenBalances'

const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const bonk = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'
const other = '9n4nbM75f5Ui33ZbPYXn59EwSgE8CGsHtAeTH5YFeJ9E'
const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const token2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

describe('sumTokenBalances', () => {
  test('default: accounts of one mint add up with their token program, empty ones are left out, listed mints come first and are named', () => {
    const balances = sumTokenBalances(
      [
        { mint: other, amount: 5n, decimals: 0, tokenProgram: token2022 },
        { mint: usdc, amount: 1_000_000n, decimals: 6, tokenProgram: token },
        { mint: bonk, amount: 0n, decimals: 5, tokenProgram: token },
        { mint: usdc, amount: 500_000n, decimals: 6, tokenProgram: token },
      ],
      [
        { mint: bonk, symbol: 'BONK', name: 'Bonk' },
        { mint: usdc, symbol: 'USDC', name: 'USD Coin' },
      ],
    )
    expect(balances).toEqual([
      {
        mint: usdc,
        amount: 1_500_000n,
        decimals: 6,
        tokenProgram: token,
        symbol: 'USDC',
        name: 'USD Coin',
      },
      {
        mint: other,
        amount: 5n,
        decimals: 0,
        tokenProgram: token2022,
        symbol: undefined,
        name: undefined,
      },
    ])
  })
})
