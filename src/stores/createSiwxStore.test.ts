import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import type { SiwxConnection } from '../machines/siwx'
import { createLocalSiwxAdapter } from '../siwx/createLocalSiwxAdapter'
import type { SiwxAdapter } from '../siwx/SiwxAdapter'
import { createSiwxStore } from './createSiwxStore'

// anvil dev accounts 0 and 1: real signatures, checked by the local adapter (EIP-191, no RPC)
const wallets = [
  privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
]
const [a, b] = wallets.map((w) => w.address) as [string, string]

const on = (address: string, chainId: `eip155:${number}` = 'eip155:1', supported = true) =>
  ({ address, chainId, supported }) satisfies SiwxConnection

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

function setup(
  options: {
    required?: boolean
    signOutOnDisconnect?: boolean
    storage?: ReturnType<typeof memoryStorage>
  } = {},
) {
  const storage = options.storage ?? memoryStorage()
  const adapter: SiwxAdapter = createLocalSiwxAdapter({
    storage,
    getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
    required: options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  })
  const counts = { nonces: 0, signs: 0, disconnects: 0, revokes: 0 }
  const getNonce = adapter.getNonce
  adapter.getNonce = (input) => {
    counts.nonces++
    return getNonce(input)
  }
  const revokeSession = adapter.revokeSession
  adapter.revokeSession = (chainId, address) => {
    counts.revokes++
    return revokeSession(chainId, address)
  }
  const wallet = { reject: false }
  const store = createSiwxStore({
    adapter,
    async signMessage({ message, address }) {
      counts.signs++
      if (wallet.reject)
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const signer = wallets.find((w) => w.address.toLowerCase() === address.toLowerCase())
      if (!signer) throw new Error(`unknown account ${address}`)
      return signer.signMessage({ message })
    },
    disconnect() {
      counts.disconnects++
      return undefined
    },
  })
  return { store, adapter, storage, counts, wallet }
}

/** Lets pending adapter calls (sessions, nonces, storage) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createSiwxStore', () => {
  test('default: a connect with no session prompts once and prepares one message', async () => {
    const { store, counts } = setup()
    store.setConnection(on(a))
    await settle()
    const state = store.getState()
    expect(state).toMatchObject({ status: 'needsSignature', prompt: true, promptId: 1 })
    expect(state.message?.data).toMatchObject({ accountAddress: a, chainId: 'eip155:1' })
    expect(state.message?.message).toContain('dapp.test wants you to sign in')
    expect(counts.nonces).toBe(1)
    // the same connection again changes nothing
    store.setConnection(on(a))
    store.setConnection(on(a.toLowerCase()))
    await settle()
    expect(store.getState().promptId).toBe(1)
    expect(counts.nonces).toBe(1)
  })

  test('behavior: signing stores the session, and a new store finds it (no prompt, no nonce)', async () => {
    const { store, adapter, storage, counts } = setup()
    store.setConnection(on(a))
    await settle()
    const session = await store.signIn()
    expect(session?.data.accountAddress).toBe(a)
    expect(store.getState()).toMatchObject({
      status: 'signedIn',
      prompt: false,
      session,
      message: undefined,
    })
    expect(counts).toMatchObject({ nonces: 1, signs: 1 })
    expect(await adapter.getSessions('eip155:1', a)).toHaveLength(1)

    const reloaded = setup({ storage })
    reloaded.store.setConnection(on(a))
    await settle()
    expect(reloaded.store.getState()).toMatchObject({ status: 'signedIn', prompt: false })
    expect(reloaded.store.getState().promptId).toBe(0)
    expect(reloaded.counts.nonces).toBe(0)
  })

  test('behavior: an account change signs the old session out and prompts once, one nonce', async () => {
    const { store, adapter, counts } = setup()
    store.setConnection(on(a))
    await settle()
    await store.signIn()
    store.setConnection(on(b))
    store.setConnection(on(b))
    await settle()
    await settle()
    expect(store.getState()).toMatchObject({ status: 'needsSignature', prompt: true, promptId: 2 })
    expect(store.getState().message?.data.accountAddress).toBe(b)
    expect(counts.nonces).toBe(2)
    expect(counts.revokes).toBe(1)
    expect(await adapter.getSessions('eip155:1', a)).toEqual([])
    expect(store.getState().signOuts).toEqual([])
  })

  test('behavior: rapid changes prompt once and ask at most one nonce per change', async () => {
    const { store, counts } = setup()
    store.setConnection(on(a))
    store.setConnection(on(b))
    store.setConnection(on(b, 'eip155:56'))
    await settle()
    await settle()
    expect(store.getState()).toMatchObject({ prompt: true, promptId: 1 })
    expect(store.getState().connection).toMatchObject({ address: b, chainId: 'eip155:56' })
    expect(counts.nonces).toBeLessThanOrEqual(1)
    expect(store.getState().message?.data.chainId).toBe('eip155:56')
  })

  test('behavior: no prompt and no nonce on an unsupported network; the old session is signed out', async () => {
    const { store, adapter, counts } = setup()
    store.setConnection(on(a))
    await settle()
    await store.signIn()
    store.setConnection(on(a, 'eip155:10', false))
    await settle()
    await settle()
    expect(store.getState()).toMatchObject({ status: 'idle', prompt: false, session: undefined })
    expect(counts.nonces).toBe(1)
    expect(await adapter.getSessions('eip155:1', a)).toEqual([])
  })

  test('behavior: a declined signature reopens with the error; the retry reuses the message', async () => {
    const { store, wallet, counts } = setup()
    store.setConnection(on(a))
    await settle()
    wallet.reject = true
    expect(await store.signIn()).toBeUndefined()
    const failed = store.getState()
    expect(failed).toMatchObject({ status: 'error', prompt: true })
    expect(failed.error?.name).toBe('SignMessageFailedError')
    expect((failed.error?.cause as { code?: number } | undefined)?.code).toBe(4001)
    expect(failed.message).toBeDefined()

    wallet.reject = false
    expect(await store.signIn()).toBeDefined()
    expect(counts).toMatchObject({ nonces: 1, signs: 2 })
  })

  test('behavior: cancel closes when optional and disconnects when required', async () => {
    const optional = setup()
    optional.store.setConnection(on(a))
    await settle()
    optional.store.cancel()
    expect(optional.store.getState()).toMatchObject({
      prompt: false,
      resetToConnect: true,
      shouldDisconnect: false,
      result: 'cancelled',
    })
    expect(optional.counts.disconnects).toBe(0)

    const required = setup({ required: true })
    required.store.setConnection(on(a))
    await settle()
    expect(required.store.getState().closeBlocked).toBe(true)
    required.store.cancel()
    expect(required.store.getState()).toMatchObject({
      shouldDisconnect: true,
      resetToConnect: true,
    })
    expect(required.counts.disconnects).toBe(1)
    required.store.setConnection(undefined)
    expect(required.store.getState().closeBlocked).toBe(false)
  })

  test('behavior: disconnect signs out, unless signOutOnDisconnect is false', async () => {
    const first = setup()
    first.store.setConnection(on(a))
    await settle()
    await first.store.signIn()
    first.store.setConnection(undefined)
    await settle()
    expect(first.store.getState()).toMatchObject({ status: 'idle', session: undefined })
    expect(await first.adapter.getSessions('eip155:1', a)).toEqual([])

    const kept = setup({ signOutOnDisconnect: false })
    kept.store.setConnection(on(a))
    await settle()
    await kept.store.signIn()
    kept.store.setConnection(undefined)
    await settle()
    expect(await kept.adapter.getSessions('eip155:1', a)).toHaveLength(1)
    kept.store.setConnection(on(a))
    await settle()
    expect(kept.store.getState()).toMatchObject({ status: 'signedIn', prompt: false })
    expect(kept.counts.nonces).toBe(1)
  })

  test('behavior: signOut revokes the session and stays connected when optional', async () => {
    const { store, adapter, counts } = setup()
    store.setConnection(on(a))
    await settle()
    await store.signIn()
    await store.signOut()
    expect(store.getState()).toMatchObject({
      status: 'idle',
      session: undefined,
      prompt: false,
      signOuts: [],
    })
    expect(store.getState().connection?.address).toBe(a)
    expect(await adapter.getSessions('eip155:1', a)).toEqual([])
    expect(counts.disconnects).toBe(0)
  })

  test('behavior: an account change while the wallet signs drops the old signature', async () => {
    const { store, adapter, counts } = setup()
    store.setConnection(on(a))
    await settle()
    const signing = store.signIn()
    store.setConnection(on(b))
    expect(await signing).toBeUndefined()
    await settle()
    expect(store.getState()).toMatchObject({ session: undefined, prompt: true })
    expect(store.getState().connection?.address).toBe(b)
    expect(await adapter.getSessions('eip155:1', a)).toEqual([])
    expect(counts.nonces).toBe(2)
  })
})
