import { afterAll, beforeAll, expect, test } from 'vitest'
import { installNetworkGuard } from '../relay/networkGuard'
import { startRelay } from '../relay/startRelay'
import { startDappClient } from './dappClient'
import { startWcWallet } from './startWcWallet'

process.env.IS_VITEST = 'true'
const guard = installNetworkGuard()
afterAll(() => guard.restore())

test('smoke', async () => {
  const relay = await startRelay()
  const wallet = await startWcWallet({ relayUrl: relay.url, rpcUrls: { 1: 'http://127.0.0.1:1' }, account: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' })
  const dapp = await startDappClient(relay.url)
  const t0 = performance.now()
  const { uri, approval } = await dapp.connect([1])
  await wallet.pair(uri)
  const session = await approval()
  console.log('paired in', performance.now() - t0, session.topic)
  const t1 = performance.now()
  const sig = await dapp.client.request({ topic: session.topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] } })
  console.log('sign', performance.now() - t1, sig)
  console.log(relay.stats, guard.escapes)
  await dapp.stop(); await wallet.stop(); await relay.stop()
})
