// @vitest-environment happy-dom
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, expect, test, vi } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import { reconnect } from 'wagmi/actions'
import { embeddedWallet } from '../embeddedWallet'

// Spies, not fakes: the real modules, counted when something imports them.
const loads = vi.hoisted(() => ({ session: 0, schemas: 0 }))
vi.mock('./createEmbeddedWalletSession', async (importOriginal) => {
  loads.session++
  return importOriginal()
})
vi.mock('../../src/embeddedWallet/embeddedStorageSchemas', async (importOriginal) => {
  loads.schemas++
  return importOriginal()
})

function makeConfig(values: Map<string, string>) {
  return createConfig({
    chains: [mainnet],
    connectors: [embeddedWallet({ frameUrl: 'https://wallet.example.com/frame' })],
    transports: { [mainnet.id]: http('http://127.0.0.1:9/1') },
    storage: createStorage({
      storage: {
        getItem: (key) => values.get(key) ?? null,
        setItem: (key, value) => void values.set(key, value),
        removeItem: (key) => void values.delete(key),
      },
    }),
    multiInjectedProviderDiscovery: false,
  })
}

afterEach(() => {
  document.body.innerHTML = ''
})

// The shell is in every page's first bundle: on a first visit it must load nothing after it.
test('behavior: a first visit (nothing stored) loads neither the session nor the storage schemas', async () => {
  const config = makeConfig(new Map())
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('No connector.')
  await connector.setup?.()
  expect(await reconnect(config)).toEqual([])
  expect(await connector.isAuthorized()).toBe(false)
  expect(await connector.getProvider()).toBeUndefined()
  expect(await connector.getAccounts()).toEqual([])
  expect(loads).toEqual({ session: 0, schemas: 0 })
  expect(document.querySelector('iframe')).toBeNull()
})

test('behavior: a stored login flag that is not valid is parsed after loading, dropped, and creates no frame', async () => {
  const values = new Map([['wagmi.latchkey.embedded.loginUsed', JSON.stringify('yes')]])
  const config = makeConfig(values)
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('No connector.')
  expect(await connector.isAuthorized()).toBe(false)
  expect(values.has('wagmi.latchkey.embedded.loginUsed')).toBe(false)
  expect(loads).toEqual({ session: 1, schemas: 1 })
  expect(document.querySelector('iframe')).toBeNull()
})
