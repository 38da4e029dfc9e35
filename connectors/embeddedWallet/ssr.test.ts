import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { expect, test } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import { embeddedWallet } from '../embeddedWallet'

// Node, no DOM: the connector is created, asks nothing and clears nothing.
test('behavior: server rendering creates no frame and keeps the stored login', async () => {
  expect(globalThis.window).toBeUndefined()
  const values = new Map<string, string>([['wagmi.latchkey.embedded.loginUsed', 'true']])
  const config = createConfig({
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
    ssr: true,
  })
  const connector = config.connectors[0]
  expect(await connector?.isAuthorized()).toBe(false)
  expect(values.get('wagmi.latchkey.embedded.loginUsed')).toBe('true')
})
