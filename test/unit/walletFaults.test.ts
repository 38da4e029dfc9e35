import { describe, expect, test } from 'vitest'
import { enactFault } from '../harness/enactFault'
import { once, takeFault, type WalletFaults } from '../harness/walletFaults'
import { WalletRpcError } from '../harness/walletRpcError'

// The test wallets' one fault vocabulary: what a wallet meets for a method, whichever wallet asks.
describe('walletFaults', () => {
  test('default: no faults, no hit', () => {
    expect(takeFault(undefined, 'eth_requestAccounts')).toBeUndefined()
    expect(takeFault({ switch: 'reject' }, 'eth_requestAccounts')).toBeUndefined()
  })

  test('behavior: the most specific target wins: method, then group, then *', () => {
    const faults: WalletFaults = {
      '*': 'hang',
      prompts: 'pending',
      connect: 'reject',
      wallet_requestPermissions: 'badAccounts',
    }
    expect(takeFault(faults, 'wallet_requestPermissions')).toEqual({ fault: 'badAccounts' })
    expect(takeFault(faults, 'eth_requestAccounts')).toEqual({ fault: 'reject' })
    expect(takeFault(faults, 'wc_sessionPropose')).toEqual({ fault: 'reject' })
    expect(takeFault(faults, 'personal_sign')).toEqual({ fault: 'pending' })
    expect(takeFault(faults, 'eth_chainId')).toEqual({ fault: 'hang' })
  })

  test('behavior: a once rule fires on the next matching request only', () => {
    const faults: WalletFaults = { personal_sign: once('reject') }
    expect(takeFault(faults, 'eth_chainId')).toBeUndefined()
    expect(takeFault(faults, 'personal_sign')).toEqual({ fault: 'reject', delayMs: undefined })
    expect(takeFault(faults, 'personal_sign')).toBeUndefined()
  })

  test('error: the error faults answer with their EIP-1193 codes; the others are left to the wallet', async () => {
    const codeOf = (
      fault: 'reject' | 'pending' | 'unknownChain' | 'unsupported' | 'internalError',
    ) =>
      enactFault({ fault }, 'wallet_switchEthereumChain').then(
        () => undefined,
        (error: unknown) => (error instanceof WalletRpcError ? error.code : error),
      )
    expect(await codeOf('reject')).toBe(4001)
    expect(await codeOf('pending')).toBe(-32002)
    expect(await codeOf('unknownChain')).toBe(4902)
    expect(await codeOf('unsupported')).toBe(-32601)
    expect(await codeOf('internalError')).toBe(-32603)
    expect(await enactFault({ fault: 'answerNull', delayMs: 1 }, 'eth_chainId')).toBe('answerNull')
  })
})
