import { randomUUID } from 'node:crypto'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createConfig, createStorage } from 'wagmi'
import { connect, getConnection } from 'wagmi/actions'
import { RelayUnreachableError } from '../src/errors/RelayUnreachableError'
import { installNetworkGuard } from '../test/relay/networkGuard'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'
import { isDisplayUriMessage, type WalletConnectParameters, walletConnect } from './walletConnect'

// Issue 9 item 9: an unreachable relay used to leave connect() pending for ever, the modal
// spinning. Real sockets here: a port nothing listens on, and a TCP server that accepts and
// never answers the WebSocket upgrade (a socket that stalls, as behind a dropping firewall).

const guard = installNetworkGuard()
let closedPortUrl: string
let closedPort: number
let lateRelay: Relay | undefined
let wallet: WcWallet | undefined
let silentUrl: string
let silent: net.Server
const silentSockets = new Set<net.Socket>()
let accepted = 0

beforeAll(async () => {
  // A port that was free a moment ago: connecting is refused at once.
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  closedPort = port
  closedPortUrl = `ws://127.0.0.1:${port}`

  silent = net.createServer((socket) => {
    accepted++
    silentSockets.add(socket)
    socket.on('close', () => silentSockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentUrl = `ws://127.0.0.1:${(silent.address() as net.AddressInfo).port}`
})

afterAll(async () => {
  await wallet?.stop()
  await lateRelay?.stop()
  for (const socket of silentSockets) socket.destroy()
  await new Promise<void>((resolve) => silent?.close(() => resolve()))
  guard.restore()
})

function makeConfig(parameters: Omit<WalletConnectParameters, 'customStoragePrefix'>) {
  const memory = new Map<string, string>()
  return createConfig({
    chains: [mainnet],
    connectors: [
      walletConnect({ ...parameters, customStoragePrefix: `latchkey-relay-${randomUUID()}` }),
    ],
    transports: { [mainnet.id]: http('http://127.0.0.1:9/') },
    storage: createStorage({
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    multiInjectedProviderDiscovery: false,
  })
}

/** Connects and measures how long until connect() settles; counts pairing URIs shown. */
async function attempt(parameters: Omit<WalletConnectParameters, 'customStoragePrefix'>) {
  const config = makeConfig(parameters)
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  let uris = 0
  connector.emitter.on('message', (message) => {
    if (isDisplayUriMessage(message)) uris++
  })
  const started = performance.now()
  const error = await connect(config, { connector }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  return { config, connector, error, elapsed: performance.now() - started, uris }
}

describe('walletConnect() with a relay that cannot be reached', () => {
  test('behavior: a closed port rejects connect with RelayUnreachableError naming relayUrl within relayTimeoutMs; once a relay answers there, connect pairs', async () => {
    const { config, error, elapsed, uris } = await attempt({
      relayUrl: closedPortUrl,
      // long enough for the second connect below to reach the relay on a loaded runner
      relayTimeoutMs: 4_000,
    })
    expect(error).toBeInstanceOf(RelayUnreachableError)
    const relayError = error as RelayUnreachableError
    expect(relayError.relayUrl).toBe(closedPortUrl)
    expect(relayError.timeout).toBe(4_000)
    expect(relayError.shortMessage).toBe(
      `Could not reach the WalletConnect relay at ${closedPortUrl}.`,
    )
    expect(relayError.message).toContain('pass another `relayUrl` to walletConnect()')
    expect(relayError.message).toContain('Docs: node_modules/latchkey/docs/errors.md#walletconnect')
    expect(elapsed).toBeGreaterThanOrEqual(3_900)
    expect(elapsed).toBeLessThan(12_000)
    expect(uris).toBe(0)
    expect(getConnection(config).status).toBe('disconnected')

    // The relay comes up on that port: the next connect on the same connector pairs.
    lateRelay = await startRelay({ port: closedPort })
    wallet = await startWcWallet({
      relayUrl: closedPortUrl,
      rpcUrls: { 1: 'http://127.0.0.1:9/' },
      account: devAccountKey,
    })
    const connector = config.connectors[0]
    if (!connector) throw new TypeError('no connector')
    const uri = new Promise<string>((resolve) => {
      connector.emitter.on('message', (message) => {
        if (isDisplayUriMessage(message)) resolve(message.data)
      })
    })
    const connecting = connect(config, { connector })
    // a connect that fails before showing a URI fails the test with its error, not a timeout
    await wallet.pair(
      await Promise.race([
        uri,
        connecting.then(() => Promise.reject(new Error('connected without a URI'))),
      ]),
    )
    expect((await connecting).accounts).toEqual([wallet.address])
    expect(getConnection(config).status).toBe('connected')
  }, 60_000)

  test('behavior: a server that never answers the WebSocket upgrade fails by the 10 s default', async () => {
    const { error, elapsed, uris } = await attempt({ relayUrl: silentUrl })
    expect(error).toBeInstanceOf(RelayUnreachableError)
    expect((error as RelayUnreachableError).relayUrl).toBe(silentUrl)
    expect((error as RelayUnreachableError).timeout).toBe(10_000)
    expect((error as RelayUnreachableError).message).toContain(
      'No answer from the relay within 10000 ms: the WebSocket did not open',
    )
    expect(elapsed).toBeGreaterThanOrEqual(9_900)
    expect(elapsed).toBeLessThan(13_000)
    expect(uris).toBe(0)
    // The relay socket really was opened (and then given up on).
    expect(accepted).toBeGreaterThan(0)
  }, 20_000)

  test('behavior: nothing tried to leave loopback', () => {
    expect(guard.escapes).toEqual([])
  })
})
