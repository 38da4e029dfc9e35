import { http, SwitchChainError, UserRejectedRequestError } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { ChainNotConfiguredError, createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { injected } from 'wagmi/connectors'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import { SwitchNetworkFailedError } from '../../src/errors/SwitchNetworkFailedError'
import type { WalletFaults } from '../../test/harness/walletFaults'
import type { TestWalletControl } from '../../test/wallet/testWallet'
import { getSwitchingChain, shownChainId, watchSwitchingChain } from '../switchingChain'
import { switchChainConfirmed } from './switchChainConfirmed'

// The real injected test wallet (the e2e one, test/wallet/testWallet.ts) runs in happy-dom: switching
// and eth_chainId are the wallet's own, nothing here reaches a node.
interface Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}
type Globals = {
  __latchkeyTestWalletProvider?: Provider
  __latchkeyTestWallet?: WalletFaults
  __latchkeyTestWalletControl?: TestWalletControl
}
/** The page's globals, read afresh (not narrowed by the `delete`s below). */
const globals = () => window as unknown as Globals
const w = globals()

const prompts = ['wallet_switchEthereumChain', 'wallet_addEthereumChain']

/** A fresh wallet (knowing `chains`), connected through wagmi's injected connector. */
async function setup(faults: WalletFaults = {}, chains: number[] = [1]) {
  window.localStorage.clear()
  window.localStorage.setItem(
    'latchkey-testwallet',
    JSON.stringify({ connected: false, chainId: 1, chains }),
  )
  delete w.__latchkeyTestWalletProvider
  delete w.__latchkeyTestWallet
  delete w.__latchkeyTestWalletControl
  vi.resetModules()
  await import('../../test/wallet/testWallet')
  const provider = globals().__latchkeyTestWalletProvider as Provider
  const control = globals().__latchkeyTestWalletControl as TestWalletControl
  const config = createConfig({
    chains: [mainnet, bsc],
    connectors: [
      injected({
        target: () => ({ id: 'testWallet', name: 'Test Wallet', provider: provider as never }),
      }),
    ],
    transports: { [mainnet.id]: http('http://127.0.0.1:9'), [bsc.id]: http('http://127.0.0.1:9') },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  await connect(config, { connector })
  Object.assign(globals().__latchkeyTestWallet as object, faults)
  const before = control.calls().length
  return {
    config,
    walletChainId: async () => Number(await provider.request({ method: 'eth_chainId' })),
    stateChainId: () => config.state.connections.get(connector.uid)?.chainId,
    /** Prompting methods asked since connecting. */
    prompted: () =>
      control
        .calls()
        .slice(before)
        .filter((m) => prompts.includes(m)),
    calls: () => control.calls().slice(before),
  }
}

/** Runs `promise` to its end and gives back what it settled with. */
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

beforeEach(() => {
  vi.useRealTimers()
})

describe('switchChainConfirmed', () => {
  test('default: F1 an unknown chain (4902) is added with the config params, then eth_chainId is the target', async () => {
    const lab = await setup()
    const chain = await switchChainConfirmed(lab.config, { chainId: bsc.id })
    expect(chain.id).toBe(bsc.id)
    expect(await lab.walletChainId()).toBe(bsc.id)
    expect(lab.stateChainId()).toBe(bsc.id)
    expect(lab.prompted()).toEqual(prompts)
  })

  test('behavior: F1 a 4902 nested in data.originalError (MetaMask Mobile) is added too', async () => {
    const lab = await setup({ switch: 'nested4902' })
    const chain = await switchChainConfirmed(lab.config, { chainId: bsc.id })
    expect(chain.id).toBe(bsc.id)
    expect(await lab.walletChainId()).toBe(bsc.id)
    expect(lab.stateChainId()).toBe(bsc.id)
    expect(lab.prompted()).toEqual(prompts)
  })

  test('error: F2 a wallet that answers null without switching gets one add, then a typed SwitchChainError', async () => {
    const lab = await setup({ switch: 'answerNull' }, [1, 56])
    const started = Date.now()
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toBeInstanceOf(SwitchChainError)
    // two confirmation windows of 2 s at most, not a wait for an event that never comes
    expect(Date.now() - started).toBeLessThan(6_000)
    expect(lab.prompted()).toEqual(prompts)
    expect(await lab.walletChainId()).toBe(mainnet.id)
    expect(lab.stateChainId()).toBe(mainnet.id)
  }, 10_000)

  test('error: F2 -32603 on switch and add: at most 2 prompts, then a typed SwitchChainError', async () => {
    const lab = await setup({ switch: 'internalError' })
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(!result.ok && result.error).toBeInstanceOf(SwitchChainError)
    expect(lab.prompted()).toEqual(prompts)
    expect(await lab.walletChainId()).toBe(mainnet.id)
    expect(lab.stateChainId()).toBe(mainnet.id)
  })

  test('behavior: F3 a wallet that switches silently (no chainChanged) is confirmed by polling eth_chainId', async () => {
    const lab = await setup({ switch: 'silentSwitch' }, [1, 56])
    const started = Date.now()
    const chain = await switchChainConfirmed(lab.config, { chainId: bsc.id })
    expect(chain.id).toBe(bsc.id)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await lab.walletChainId()).toBe(bsc.id)
    expect(lab.stateChainId()).toBe(bsc.id)
    // confirmed without asking to add a chain the wallet knows
    expect(lab.prompted()).toEqual(['wallet_switchEthereumChain'])
  })

  test('behavior: F3 a silent switch after adding an unknown chain is confirmed too', async () => {
    const lab = await setup({ switch: 'silentSwitch' })
    const chain = await switchChainConfirmed(lab.config, { chainId: bsc.id })
    expect(chain.id).toBe(bsc.id)
    expect(lab.stateChainId()).toBe(bsc.id)
    expect(lab.prompted()).toEqual(prompts)
  })

  test('error: F4 a rejected switch is a UserRejectedRequestError and changes nothing', async () => {
    const lab = await setup({ wallet_switchEthereumChain: 'reject' }, [1, 56])
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(!result.ok && result.error).toBeInstanceOf(UserRejectedRequestError)
    expect(lab.prompted()).toEqual(['wallet_switchEthereumChain'])
    expect(await lab.walletChainId()).toBe(mainnet.id)
    expect(lab.stateChainId()).toBe(mainnet.id)
  })

  test('error: F4 a rejected add is a UserRejectedRequestError and changes nothing', async () => {
    const lab = await setup({ wallet_addEthereumChain: 'reject' })
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(!result.ok && result.error).toBeInstanceOf(UserRejectedRequestError)
    expect(lab.prompted()).toEqual(prompts)
    expect(await lab.walletChainId()).toBe(mainnet.id)
    expect(lab.stateChainId()).toBe(mainnet.id)
  })

  test('error: F5 a wallet without wallet_addEthereumChain (-32601) is ChainNotSupportedError, asked once', async () => {
    const lab = await setup({})
    // the wallet has no add method: what WalletConnect wallets without it answer
    const provider = w.__latchkeyTestWalletProvider as Provider
    const request = provider.request.bind(provider)
    provider.request = (args) =>
      args.method === 'wallet_addEthereumChain'
        ? Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 }))
        : request(args)
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(!result.ok && result.error).toBeInstanceOf(ChainNotSupportedError)
    expect(lab.calls().filter((m) => m === 'wallet_switchEthereumChain')).toHaveLength(1)
    expect(lab.stateChainId()).toBe(mainnet.id)
  })

  test('error: F6 a chain outside the config fails with ChainNotConfiguredError before any wallet call', async () => {
    const lab = await setup()
    const result = await settle(switchChainConfirmed(lab.config, { chainId: 10 }))
    expect(!result.ok && result.error).toBeInstanceOf(ChainNotConfiguredError)
    expect(lab.calls()).toEqual([])
  })

  test('behavior: F6 rapid switches A then B within 50 ms: the last one wins and stays, A is never shown', async () => {
    const lab = await setup({ wallet_switchEthereumChain: { delayMs: 200 } }, [1, 56])
    // wagmi's chain (what the wallet reported) and the chain the page shows, on every change
    const seen: number[] = []
    const shown: number[] = []
    const sample = () => {
      const chainId = shownChainId(lab.stateChainId(), getSwitchingChain(lab.config))
      if (chainId !== undefined && shown.at(-1) !== chainId) shown.push(chainId)
    }
    sample()
    lab.config.subscribe(
      (state) => (state.current ? state.connections.get(state.current)?.chainId : undefined),
      (chainId) => {
        if (chainId !== undefined) seen.push(chainId)
        sample()
      },
    )
    watchSwitchingChain(lab.config, sample)
    const first = settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const last = settle(switchChainConfirmed(lab.config, { chainId: mainnet.id }))
    const [a, b] = await Promise.all([first, last])
    expect(b.ok).toBe(true)
    expect(!a.ok && a.error).toBeInstanceOf(SwitchNetworkFailedError)
    expect(await lab.walletChainId()).toBe(mainnet.id)
    expect(lab.stateChainId()).toBe(mainnet.id)
    // nothing older lands afterwards
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(lab.stateChainId()).toBe(mainnet.id)
    // the wallet did obey A first (two prompts), yet the page went on showing Ethereum
    expect(seen).toEqual([bsc.id, mainnet.id])
    expect(lab.prompted()).toEqual(['wallet_switchEthereumChain', 'wallet_switchEthereumChain'])
    expect(shown).toEqual([mainnet.id])
    expect(getSwitchingChain(lab.config)).toBeUndefined()
  })

  test('behavior: F6 a single switch is shown as soon as the wallet reports it', async () => {
    const lab = await setup({}, [1, 56])
    const shown: (number | undefined)[] = []
    lab.config.subscribe(
      (state) => (state.current ? state.connections.get(state.current)?.chainId : undefined),
      (chainId) => shown.push(shownChainId(chainId, getSwitchingChain(lab.config))),
    )
    await switchChainConfirmed(lab.config, { chainId: bsc.id })
    // the wallet's chainChanged, while the switch is still being confirmed
    expect(shown).toEqual([bsc.id])
  })

  test('error: F6 when the last choice is declined after the wallet obeyed the first, the page shows where the wallet really is', async () => {
    const lab = await setup({ wallet_switchEthereumChain: { delayMs: 200 } }, [1, 56])
    // once the wallet is on BNB, the visitor declines the next prompt
    lab.config.subscribe(
      (state) => (state.current ? state.connections.get(state.current)?.chainId : undefined),
      (chainId) => {
        if (chainId === bsc.id)
          Object.assign(globals().__latchkeyTestWallet as object, {
            wallet_switchEthereumChain: 'reject',
          })
      },
    )
    const first = settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    const last = settle(switchChainConfirmed(lab.config, { chainId: mainnet.id }))
    const [, b] = await Promise.all([first, last])
    expect(!b.ok && b.error).toBeInstanceOf(UserRejectedRequestError)
    expect(await lab.walletChainId()).toBe(bsc.id)
    expect(shownChainId(lab.stateChainId(), getSwitchingChain(lab.config))).toBe(bsc.id)
  })

  test('error: a switch prompt the wallet never answers fails at promptTimeoutMs with a typed timeout', async () => {
    const lab = await setup({ wallet_switchEthereumChain: 'hang' }, [1, 56])
    const started = Date.now()
    const result = await settle(
      switchChainConfirmed(lab.config, { chainId: bsc.id, promptTimeoutMs: 300 }),
    )
    const elapsed = Date.now() - started
    expect(!result.ok && result.error).toBeInstanceOf(SwitchNetworkFailedError)
    expect(!result.ok && (result.error as SwitchNetworkFailedError).reason).toBe('timeout')
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(1_500)
    expect(lab.stateChainId()).toBe(mainnet.id)
  })

  test('behavior: a second choice behind a hung prompt goes to the wallet once the first one times out', async () => {
    const lab = await setup({ wallet_switchEthereumChain: 'hang' }, [1, 56])
    const first = settle(
      switchChainConfirmed(lab.config, { chainId: bsc.id, promptTimeoutMs: 300 }),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = settle(
      switchChainConfirmed(lab.config, { chainId: bsc.id, promptTimeoutMs: 300 }),
    )
    const started = Date.now()
    const [a, b] = await Promise.all([first, second])
    // the first really timed out in the wallet
    expect(!a.ok && (a.error as SwitchNetworkFailedError).reason).toBe('timeout')
    // the second reached the wallet (and timed out there too), not queued forever
    expect(!b.ok && (b.error as SwitchNetworkFailedError).reason).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(lab.calls().filter((m) => m === 'wallet_switchEthereumChain')).toHaveLength(2)
  })

  test('error: -32002 (a request already open in the wallet) is a typed pending failure, with no add prompt', async () => {
    const lab = await setup({}, [1, 56])
    const provider = w.__latchkeyTestWalletProvider as Provider
    const request = provider.request.bind(provider)
    provider.request = (args) =>
      args.method === 'wallet_switchEthereumChain'
        ? Promise.reject(Object.assign(new Error('Request already pending'), { code: -32002 }))
        : request(args)
    const result = await settle(switchChainConfirmed(lab.config, { chainId: bsc.id }))
    expect(!result.ok && (result.error as SwitchNetworkFailedError).reason).toBe('pending')
    expect(lab.calls()).not.toContain('wallet_addEthereumChain')
    expect(lab.stateChainId()).toBe(mainnet.id)
  })
})
