import { describe, expect, test, vi } from 'vitest'
import { createAnalyticsTracker } from '../analytics/createAnalyticsTracker'
import { getCurrentRoute } from '../machines/router'
import type { LatchkeyOptions } from '../schemas/options'
import { parseOptions } from '../schemas/parseOptions'
import { createStorage } from '../storage/createStorage'
import type { StorageLike } from '../storage/createValidatedStorage'
import { createToastStore } from '../stores/createToastStore'
import { checkOptions } from './checkOptions'
import { createLatchkeyClient } from './createLatchkeyClient'
import type { WagmiStateLike } from './readConnection'
import type { LatchkeyChunk } from './types'

const account = '0x00000000000000000000000000000000000000a1'

/** wagmi's `config.state` as the client reads it. */
function wagmiState(status: WagmiStateLike['status'], accounts: string[] = []): WagmiStateLike {
  return {
    status,
    current: accounts.length ? 'uid-1' : null,
    connections: new Map(accounts.length ? [['uid-1', { accounts }]] : []),
  }
}

function memoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/** The chunk's parts the client uses, from the real modules (memory storage). */
function makeChunk() {
  const watched = { count: 0 }
  const chunk: LatchkeyChunk = {
    parseOptions,
    createStorage: () => createStorage({ storage: memoryStorage() }),
    createToastStore,
    createAnalytics: () => createAnalyticsTracker(),
    watchProviderImitation: () => {
      watched.count++
    },
  }
  return { chunk, watched }
}

function setup(
  parameters: { options?: LatchkeyOptions; state?: WagmiStateLike; isMobile?: () => boolean } = {},
) {
  const { chunk, watched } = makeChunk()
  const config = { state: parameters.state ?? wagmiState('disconnected') }
  const loads = { count: 0 }
  const loadChunk = vi.fn(async () => {
    loads.count++
    return chunk
  })
  const client = createLatchkeyClient({
    config,
    options: parameters.options,
    loadChunk,
    isMobile: parameters.isMobile,
  })
  const view = () => getCurrentRoute(client.router.getState()).view
  return { client, config, chunk, watched, loads, loadChunk, view }
}

describe('createLatchkeyClient', () => {
  test('default: nothing loaded, modal closed, Connect on open', () => {
    const { client, loads, view } = setup()
    expect(client.getState()).toEqual({
      loaded: null,
      signInChunk: null,
      signIn: null,
      hostModals: 0,
      failure: null,
      namespace: 'eip155',
      solana: null,
    })
    expect(client.getParts()).toBeNull()
    expect(client.modal.getState().open).toBe(false)
    client.open()
    expect(client.modal.getState().open).toBe(true)
    expect(view()).toBe('Connect')
    expect(loads.count).toBe(0)
  })

  test('behavior: connected opens on Account; a requested view wins', () => {
    const { client, view } = setup({ state: wagmiState('connected', [account]) })
    expect(client.isConnected()).toBe(true)
    client.open()
    expect(view()).toBe('Account')
    client.open({ view: 'Networks' })
    expect(view()).toBe('Networks')
  })

  test('behavior: a connected Solana adapter counts as connected (Account on open); the namespace chosen is kept', () => {
    const { client, view } = setup()
    const snapshot = { adapter: {}, clusterName: 'Solana', address: undefined }
    client.setSolana({ ...snapshot, status: 'connecting' })
    expect(client.isConnected()).toBe(false)
    client.setSolana({
      ...snapshot,
      status: 'connected',
      address: 'So11111111111111111111111111111111111111112',
    })
    expect(client.isConnected()).toBe(true)
    client.open()
    expect(view()).toBe('Account')
    const seen: string[] = []
    client.subscribe((state) => seen.push(state.namespace))
    client.setNamespace('solana')
    client.setNamespace('solana')
    expect(client.getState().namespace).toBe('solana')
    expect(seen).toEqual(['solana'])
    client.setSolana(null)
    expect(client.isConnected()).toBe(false)
  })

  test('behavior: one "connected" while wagmi reconnects: the start view and the router agree', () => {
    // wagmi restores the stored connection (accounts known) before the wallet confirmed it
    const { client, config, view } = setup({ state: wagmiState('reconnecting', [account]) })
    expect(client.isConnected()).toBe(false)
    client.open()
    expect(view()).toBe('Connect')
    // the router's "connected" is the client's: closing Connect while reconnecting closes
    client.close()
    expect(client.modal.getState().open).toBe(false)
    config.state = wagmiState('connected', [account])
    expect(client.isConnected()).toBe(true)
    client.open()
    expect(view()).toBe('Account')
  })

  test('behavior: manualWCControl and phones start on the WalletConnect views', () => {
    const desktop = setup({ options: { manualWCControl: true } })
    desktop.client.open()
    expect(desktop.view()).toBe('ConnectingWalletConnectBasic')
    const phone = setup({ options: { manualWCControl: true }, isMobile: () => true })
    phone.client.open()
    expect(phone.view()).toBe('AllWallets')
  })

  test('behavior: the chunk loads once for every caller at once', async () => {
    const { client, loads, watched } = setup({ options: withSiwx() })
    // sign-in waits for its controller; its chunk is the same load
    void client.startSignIn()
    await Promise.all([client.loadParts(), client.loadParts(), client.loadChunk()])
    expect(client.getState().signInChunk).toBe(client.getState().loaded?.chunk)
    expect(loads.count).toBe(1)
    expect(watched.count).toBe(1)
    const { loaded } = client.getState()
    expect(loaded).not.toBeNull()
    await client.loadParts()
    expect(client.getState().loaded).toBe(loaded)
    expect(loads.count).toBe(1)
  })

  test('error: a failed chunk load rejects, and the next call loads again', async () => {
    const { chunk } = makeChunk()
    const loadChunk = vi
      .fn<() => Promise<LatchkeyChunk>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(chunk)
    const client = createLatchkeyClient({
      config: { state: wagmiState('disconnected') },
      loadChunk,
    })
    await expect(client.loadParts()).rejects.toThrow('Failed to fetch')
    expect(client.getState().loaded).toBeNull()
    await client.loadParts()
    expect(client.getState().loaded?.chunk).toBe(chunk)
    expect(loadChunk).toHaveBeenCalledTimes(2)
  })

  test('behavior: getParts validates the options once per options object', async () => {
    const options = { themeMode: 'light' } as const
    const { client } = setup({ options })
    await client.loadParts()
    const parts = client.getParts()
    expect(parts?.options.themeMode).toBe('light')
    expect(parts?.storage.get('recentWallets')).toBeUndefined()
    expect(client.getParts()).toBe(parts)
    client.setOptions(options)
    expect(client.getParts()).toBe(parts)
    client.setOptions({ themeMode: 'dark' })
    expect(client.getParts()?.options.themeMode).toBe('dark')
    expect(client.getParts()?.toast).toBe(parts?.toast)
  })

  test('error: invalid options throw OptionsValidationError from getParts once loaded', async () => {
    const { client } = setup({ options: { themeMode: 'blue' } as unknown as LatchkeyOptions })
    expect(client.getParts()).toBeNull()
    await client.loadParts()
    expect(() => client.getParts()).toThrowError(
      expect.objectContaining({ name: 'OptionsValidationError', option: 'themeMode' }),
    )
  })

  test('behavior: checkOptions reports invalid options as the failure, unless they were replaced', async () => {
    const invalid = { feature: { email: true } } as unknown as LatchkeyOptions
    const { client } = setup({ options: invalid })
    const stale = checkOptions(client, invalid)
    client.setOptions({})
    await stale
    expect(client.getState().failure).toBeNull()
    client.setOptions(invalid)
    await checkOptions(client, invalid)
    expect(client.getState().failure?.error).toMatchObject({
      name: 'OptionsValidationError',
      option: 'feature',
    })
  })

  test('behavior: sign-in without siwx loads nothing and resolves null', async () => {
    const { client, loads } = setup()
    await expect(client.startSignIn()).resolves.toBeNull()
    expect(loads.count).toBe(0)
    expect(client.getState().signInChunk).toBeNull()
  })

  test('behavior: sign-in starts with the chunk and resolves with the controller its host hands over', async () => {
    const { client, chunk } = setup({ options: withSiwx() })
    const first = client.startSignIn()
    const second = client.startSignIn()
    await vi.waitFor(() => expect(client.getState().signInChunk).toBe(chunk))
    const controller = { interceptClose: () => false }
    client.setSignIn(controller)
    await expect(first).resolves.toBe(controller)
    await expect(second).resolves.toBe(controller)
    await expect(client.startSignIn()).resolves.toBe(controller)
    client.setSignIn(null)
    expect(client.getState().signIn).toBeNull()
  })

  test('error: sign-in rejects when the chunk cannot load', async () => {
    const client = createLatchkeyClient({
      config: { state: wagmiState('connected', [account]) },
      options: withSiwx(),
      loadChunk: () => Promise.reject(new TypeError('offline')),
    })
    await expect(client.startSignIn()).rejects.toThrow('offline')
    expect(client.getState().signInChunk).toBeNull()
  })

  test('behavior: close asks sign-in first', () => {
    const { client } = setup({ options: withSiwx() })
    let refuse = true
    client.setSignIn({ interceptClose: () => refuse })
    client.open()
    client.close()
    expect(client.modal.getState().open).toBe(true)
    refuse = false
    client.close()
    expect(client.modal.getState().open).toBe(false)
  })

  test('behavior: host modals are counted', () => {
    const { client } = setup()
    const first = client.registerHostModal()
    const second = client.registerHostModal()
    expect(client.getState().hostModals).toBe(2)
    first()
    expect(client.getState().hostModals).toBe(1)
    second()
    expect(client.getState().hostModals).toBe(0)
  })

  test('behavior: subscribers hear the chunk arrive', async () => {
    const { client } = setup()
    const heard: unknown[] = []
    const stop = client.subscribe((state) => heard.push(state.loaded?.chunk))
    await client.loadParts()
    stop()
    expect(heard).toHaveLength(1)
    expect(heard[0]).toBeDefined()
  })

  test('behavior: preloadWhenIdle does nothing without a page (SSR)', () => {
    const { client, loads } = setup()
    const cancel = client.preloadWhenIdle()
    cancel()
    expect(loads.count).toBe(0)
  })

  test('behavior: two clients share nothing', async () => {
    const a = setup()
    const b = setup()
    await a.client.loadParts()
    a.client.open()
    expect(b.client.getState().loaded).toBeNull()
    expect(b.client.modal.getState().open).toBe(false)
  })
})

/** Options with `siwx` set (the client only reads whether it is). */
function withSiwx(): LatchkeyOptions {
  return { siwx: { getNonce: async () => 'nonce' } } as unknown as LatchkeyOptions
}
