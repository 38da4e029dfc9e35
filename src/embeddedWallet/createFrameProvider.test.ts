// @vitest-environment happy-dom
import { ProviderRpcError, SwitchChainError, UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fixtureAddress } from '../../test/harness/frame.fixtures'
import { stubFramePages } from '../../test/harness/frameTestHarness'
import {
  createScriptedFrame,
  type FrameScript,
  type ScriptedReply,
  scriptedFrameUrl,
} from '../../test/harness/scriptedFrame'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { createFrameClient } from '../frame/createFrameClient'
import type { FrameClient } from '../frame/frameClientTypes'
import { createFrameProvider, type FrameProvider } from './createFrameProvider'

const echo = (payload: unknown) => ({ payload })

let clients: FrameClient[] = []

function setup(script: FrameScript = {}, chainId = 1) {
  const fake = createScriptedFrame(script)
  const client = createFrameClient({
    frameUrl: scriptedFrameUrl,
    chainId,
    version: '0.1.0',
    container: fake.container,
    timeouts: { postReadyDelay: 0 },
  })
  clients.push(client)
  const stored: number[] = []
  const provider = createFrameProvider({
    getFrame: () => {
      client.mount()
      return client
    },
    peekFrame: () => client,
    chainId,
    isChainSupported: (id) => id === 1 || id === 56,
    onChainIdChange: (id) => {
      stored.push(id)
    },
  })
  return { fake, client, provider, stored }
}

function events(provider: FrameProvider) {
  const seen: [string, unknown][] = []
  provider.on('accountsChanged', (data) => seen.push(['accountsChanged', data]))
  provider.on('chainChanged', (data) => seen.push(['chainChanged', data]))
  provider.on('disconnect', (data) => seen.push(['disconnect', (data as ProviderRpcError).code]))
  return seen
}

beforeEach(() => {
  stubFramePages()
})

afterEach(() => {
  for (const client of clients) client.destroy()
  clients = []
  vi.restoreAllMocks()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('answered locally', () => {
  test('default: eth_chainId from the stored chain id, no message to the frame', async () => {
    const { provider, fake } = setup({}, 56)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x38')
    expect(fake.posted).toEqual([])
  })

  test('behavior: eth_accounts from the cached user; eth_requestAccounts needs a login', async () => {
    const { provider, fake } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4100,
    })
    provider.setAccounts([fixtureAddress])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([fixtureAddress])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([fixtureAddress])
    expect(fake.posted).toEqual([])
  })

  test('behavior: setAccounts and setChainId emit only on change; disconnect emits 4900', () => {
    const { provider } = setup()
    const seen = events(provider)
    provider.setAccounts([fixtureAddress])
    provider.setAccounts([fixtureAddress])
    provider.setChainId(1)
    provider.setChainId(56)
    provider.disconnect()
    expect(seen).toEqual([
      ['accountsChanged', [fixtureAddress]],
      ['chainChanged', '0x38'],
      ['disconnect', 4900],
    ])
    expect(provider.accounts).toEqual([])
  })
})

describe('wallet_switchEthereumChain', () => {
  test('default: SWITCH_NETWORK, then the chain id is stored and chainChanged emitted', async () => {
    const { provider, fake, stored } = setup({
      SWITCH_NETWORK: echo,
    })
    const seen = events(provider)
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x38' }] }),
    ).resolves.toBeNull()
    expect(fake.last('SWITCH_NETWORK')?.payload).toEqual({ chainId: 56 })
    expect(stored).toEqual([56])
    expect(seen).toEqual([['chainChanged', '0x38']])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x38')
  })

  test('behavior: a chain the host did not configure is refused with 4902, nothing sent', async () => {
    const { provider, fake } = setup()
    const error = await provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(fake.posted).toEqual([])
  })

  test('behavior: a failed switch keeps the chain id', async () => {
    const { provider, stored } = setup({
      SWITCH_NETWORK: { error: { message: 'Switch network failed' } },
    })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x38' }] }),
    ).rejects.toThrow('Switch network failed')
    expect(stored).toEqual([])
    expect(provider.chainId).toBe(1)
  })

  test('behavior: malformed params are invalid params (-32602)', async () => {
    const { provider } = setup()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 56 }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('RPC requests', () => {
  test('default: a read goes to the frame as RPC_REQUEST and returns its result', async () => {
    const { provider, fake } = setup({
      RPC_REQUEST: { payload: { result: '0x10' } },
    })
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(fake.last('RPC_REQUEST')?.payload).toEqual({ method: 'eth_blockNumber' })
  })

  test('behavior: a method needing approval waits for the frame (the approval deadline)', async () => {
    let release: (reply: { payload: unknown }) => void = () => {}
    const held = () => new Promise<ScriptedReply>((resolve) => (release = resolve))
    const { provider, fake } = setup({ RPC_REQUEST: held })
    const signing = provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', fixtureAddress],
    })
    await vi.waitFor(() => expect(fake.last('RPC_REQUEST')).toBeDefined())
    release({ payload: { result: '0xsig' } })
    expect(await signing).toBe('0xsig')
  })

  test('behavior: 4001 from the frame is viem UserRejectedRequestError (4001)', async () => {
    const { provider } = setup({
      RPC_REQUEST: { error: { message: 'User rejected', code: 4001 } },
    })
    const error = await provider
      .request({ method: 'personal_sign', params: ['0x68', fixtureAddress] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).code).toBe(4001)
  })

  test('behavior: 5000 from the frame is a user rejection too (SPEC §8)', async () => {
    const { provider } = setup({
      RPC_REQUEST: { error: { message: 'Declined', code: 5000 } },
    })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{}] }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  test('behavior: a method not allowed is 4200 with the SPEC message, nothing sent', async () => {
    const { provider, fake } = setup()
    const error = (await provider
      .request({ method: 'eth_sign', params: [fixtureAddress, '0x00'] })
      .catch((e: unknown) => e)) as ProviderRpcError
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.code).toBe(4200)
    expect(error.shortMessage).toBe('Requested RPC call is not allowed')
    expect(fake.posted).toEqual([])
  })

  test('behavior: the frame refusing a method is 4200 as well', async () => {
    const { provider } = setup({
      RPC_REQUEST: { error: { message: 'Requested RPC call is not allowed' } },
    })
    await expect(provider.request({ method: 'wallet_getAssets' })).rejects.toMatchObject({
      code: 4200,
      shortMessage: 'Requested RPC call is not allowed',
    })
  })

  test('behavior: JSON-RPC codes are kept; no message reads "An error occurred"', async () => {
    const { provider } = setup({
      RPC_REQUEST: [{ error: { code: -32000, message: 'execution reverted' } }, { error: {} }],
    })
    await expect(provider.request({ method: 'eth_call', params: [{}] })).rejects.toMatchObject({
      code: -32000,
      shortMessage: 'execution reverted',
    })
    await expect(provider.request({ method: 'eth_call', params: [{}] })).rejects.toMatchObject({
      shortMessage: 'An error occurred',
    })
  })

  test('behavior: abortPending ends approvals, not reads', async () => {
    const { provider, fake } = setup({ RPC_REQUEST: 'hang' })
    const read = provider.request({ method: 'eth_blockNumber' })
    const sign = provider.request({ method: 'personal_sign', params: ['0x68', fixtureAddress] })
    read.catch(() => {})
    await vi.waitFor(() => expect(fake.posted).toHaveLength(2))
    expect(provider.abortPending()).toBe(1)
    const error = await sign.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameRequestAbortedError)
    expect((error as FrameRequestAbortedError).shortMessage).toBe('Request was aborted')
  })
})
