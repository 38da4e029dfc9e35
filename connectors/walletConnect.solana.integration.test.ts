import { randomUUID } from 'node:crypto'
import {
  type Address,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Config, createConfig, createStorage } from 'wagmi'
import { connect, disconnect, getConnection } from 'wagmi/actions'
import { WalletConnectPairingCancelledError } from '../src/errors/WalletConnectPairingCancelledError'
import { encodeSolTransfer } from '../src/solana/encodeSolTransfer'
import { createSolanaSigner } from '../test/harness/solanaSigner'
import { once } from '../test/harness/walletFaults'
import { installNetworkGuard } from '../test/relay/networkGuard'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { SOL } from '../test/solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../test/solana/startSolanaRpc'
import { devAccountKey } from '../test/wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../test/wcwallet/startWcWallet'
import { createSolanaAdapter } from './solana/createSolanaAdapter'
import type { SolanaAdapter } from './solana/solanaAdapterTypes'
import { isDisplayUriMessage, walletConnect } from './walletConnect'
import type { WalletConnectProvider } from './walletConnect/createWalletConnectProvider'

// Issue 13, WalletConnect for Solana: the walletConnect() connector's `solana` namespace through
// the Solana adapter, against the loopback relay, a sign-client wallet with an Ed25519 key on the
// other side, and the litesvm cluster it sends to. No EVM node: the EVM side never reads a chain.
const guard = installNetworkGuard()
const deadRpc = 'http://127.0.0.1:9/'
const signer = createSolanaSigner(7)
const recipient = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const prefix = `latchkey-solana-${randomUUID()}`
const wagmiStore = new Map<string, string>()
const solanaStore = new Map<string, string>()

let relay: Relay
let solana: SolanaRpc
let wallet: WcWallet
let caip: string

const storageOf = (values: Map<string, string>) => ({
  getItem: (key: string) => values.get(key) ?? null,
  setItem: (key: string, value: string) => void values.set(key, value),
  removeItem: (key: string) => void values.delete(key),
})

/** A page load: a wagmi config with the connector, and a Solana adapter linked to it. */
function load(): { config: Config; adapter: SolanaAdapter } {
  const config = createConfig({
    chains: [mainnet],
    connectors: [walletConnect({ relayUrl: relay.url, customStoragePrefix: prefix })],
    transports: { [mainnet.id]: http(deadRpc) },
    storage: createStorage({ storage: storageOf(wagmiStore) }),
    multiInjectedProviderDiscovery: false,
  })
  const adapter = createSolanaAdapter({
    clusters: [{ id: 'localnet', rpcUrl: solana.url }],
    storage: storageOf(solanaStore),
  })
  adapter.linkConnectors(config.connectors)
  return { config, adapter }
}

function nextMessage(config: Config, type: string): Promise<string> {
  const connector = config.connectors[0]
  if (!connector) throw new TypeError('no connector')
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; data?: unknown }) => {
      if (message.type !== type || typeof message.data !== 'string') return
      connector.emitter.off('message', onMessage)
      resolve(message.data)
    }
    connector.emitter.on('message', onMessage)
  })
}

async function waitFor(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new TypeError('waitFor timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const balance = (address: string) => load().adapter.getBalance({ address })
const transfer = async (adapter: SolanaAdapter, lamports: bigint) => {
  const { blockhash } = await adapter.getLatestBlockhash()
  return encodeSolTransfer({ from: signer.address, to: recipient, lamports, blockhash })
}

beforeAll(async () => {
  ;[relay, solana] = await Promise.all([
    startRelay({ ackTimeoutMs: 5_000 }),
    startSolanaRpc({ slotMs: 50 }),
  ])
  caip = `solana:${solana.genesisHash.slice(0, 32)}`
  wallet = await startWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 1: deadRpc },
    account: devAccountKey,
    solana: { signer, rpcUrls: { [caip]: solana.url } },
  })
  await solana.airdrop(signer.address as Address, 2n * SOL)
}, 60_000)

afterAll(async () => {
  await wallet?.stop()
  await Promise.all([relay?.stop(), solana?.stop()])
  guard.restore()
})

describe('WalletConnect for Solana, through the Solana adapter', () => {
  let page: ReturnType<typeof load>
  let topic: string

  test('default: listed as Loadable; connect shows a URI, the wallet approves the solana namespace', async () => {
    page = load()
    const listed = await new Promise<readonly { name: string; readyState: string }[]>((resolve) => {
      const stop = page.adapter.watchWallets((wallets) => {
        if (wallets.some((item) => item.name === 'WalletConnect')) {
          stop()
          resolve(wallets)
        }
      })
    })
    expect(listed.find((item) => item.name === 'WalletConnect')).toMatchObject({
      readyState: 'Loadable',
      connector: 'walletConnect',
    })

    const uri = nextMessage(page.config, 'solana_display_uri')
    const connecting = page.adapter.connect({ wallet: 'WalletConnect' })
    await wallet.pair(await uri)
    expect(await connecting).toEqual({ address: signer.address, addresses: [signer.address] })
    expect(page.adapter.getState()).toMatchObject({
      status: 'connected',
      wallet: 'WalletConnect',
      address: signer.address,
    })
    const session = wallet.sessions().at(-1)
    topic = session?.topic ?? ''
    expect(session?.namespaces.solana?.accounts).toEqual([`${caip}:${signer.address}`])
    // a Solana pairing is not the EVM connector's: wagmi stays disconnected
    expect(getConnection(page.config).status).toBe('disconnected')
  })

  test('behavior: signMessage is solana_signMessage; the signature verifies with ed25519', async () => {
    const text = 'Sign in to Latchkey on Solana'
    const { signature, signedMessage } = await page.adapter.signMessage({ message: text })
    expect(new TextDecoder().decode(signedMessage)).toBe(text)
    const key = await getPublicKeyFromAddress(signer.address as Address)
    expect(await verifySignature(key, signature as SignatureBytes, signedMessage as never)).toBe(
      true,
    )
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana_signMessage', chainId: caip })
  })

  test('behavior: signAndSendTransaction sends SOL; both balances change on the cluster', async () => {
    const [fromBefore, toBefore] = await Promise.all([balance(signer.address), balance(recipient)])
    const signature = await page.adapter.signAndSendTransaction({
      transaction: await transfer(page.adapter, SOL / 4n),
    })
    await page.adapter.confirmTransaction({ signature })
    expect(await balance(recipient)).toBe(toBefore + SOL / 4n)
    expect(await balance(signer.address)).toBe(fromBefore - SOL / 4n - 5000n)
    expect(wallet.requests.at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      params: { sendOptions: { preflightCommitment: 'confirmed', skipPreflight: false } },
    })
  })

  test('behavior: signTransaction answers the wire transaction signed by the account', async () => {
    const unsigned = await transfer(page.adapter, 1000n)
    const signed = await page.adapter.signTransaction({ transaction: unsigned })
    expect(signed.length).toBe(unsigned.length)
    expect(signed.subarray(65)).toEqual(unsigned.subarray(65))
    expect(signer.signRaw(unsigned.subarray(65))).toEqual(signed.subarray(1, 65))
  })

  test('behavior: a rejection in the wallet is a UserRejectedRequestError; nothing is sent', async () => {
    wallet.faults.solana_signMessage = once('reject')
    const message = await page.adapter.signMessage({ message: 'no' }).catch((error) => error)
    expect(message).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })

    const before = await balance(recipient)
    wallet.faults.solana_signAndSendTransaction = once('reject')
    const sending = page.adapter.signAndSendTransaction({
      transaction: await transfer(page.adapter, SOL / 8n),
    })
    await expect(sending).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(await balance(recipient)).toBe(before)
    expect(page.adapter.getState().status).toBe('connected')
  })

  test('behavior: after a reload the session reconnects silently and still signs', async () => {
    page = load()
    await page.adapter.reconnect()
    expect(page.adapter.getState()).toMatchObject({
      status: 'connected',
      wallet: 'WalletConnect',
      address: signer.address,
    })
    const { signature } = await page.adapter.signMessage({ message: 'after reload' })
    expect(signature).toEqual(signer.signRaw(new TextEncoder().encode('after reload')))
  })

  test('behavior: a disconnect from the wallet side disconnects the adapter', async () => {
    await wallet.disconnect(topic)
    await waitFor(() => page.adapter.getState().status === 'disconnected')
    expect(page.adapter.getState().address).toBeUndefined()
    // and nothing is restored on the next load
    const next = load()
    await next.adapter.reconnect()
    expect(next.adapter.getState().status).toBe('disconnected')
  })

  test('behavior: the adapter’s disconnect ends its session in the wallet', async () => {
    page = load()
    const uri = nextMessage(page.config, 'solana_display_uri')
    const connecting = page.adapter.connect({ wallet: 'WalletConnect' })
    await wallet.pair(await uri)
    await connecting
    const own = wallet.sessions().at(-1)?.topic ?? ''
    const deleted = wallet.waitForDelete(own)
    await page.adapter.disconnect()
    await deleted
    expect(page.adapter.getState().status).toBe('disconnected')
  })

  test('behavior: a disconnect while the QR waits (Back) cancels it: the connect fails typed, the proposal and pairing are dropped, a new connect pairs', async () => {
    page = load()
    const shown = nextMessage(page.config, 'solana_display_uri')
    const connecting = page.adapter.connect({ wallet: 'WalletConnect' })
    const stale = new URL(await shown).pathname.split('@')[0]
    const provider = (await page.config.connectors[0]?.getProvider()) as WalletConnectProvider
    const client = provider.universal.client
    expect(client.proposal.getAll().map((proposal) => proposal.pairingTopic)).toContain(stale)
    await page.adapter.disconnect()
    // as every wallet failure: a SolanaWalletRequestError, the wallet's error its cause
    const failure = await connecting.catch((error: Error) => error)
    expect(failure).toMatchObject({ name: 'SolanaWalletRequestError' })
    expect((failure as Error).cause).toBeInstanceOf(WalletConnectPairingCancelledError)
    expect(page.adapter.getState()).toMatchObject({ status: 'disconnected', error: undefined })
    expect(client.proposal.getAll().map((proposal) => proposal.pairingTopic)).not.toContain(stale)
    expect(client.core.pairing.getPairings().map((pairing) => pairing.topic)).not.toContain(stale)
    const fresh = nextMessage(page.config, 'solana_display_uri')
    const again = page.adapter.connect({ wallet: 'WalletConnect' })
    await wallet.pair(await fresh)
    expect(await again).toMatchObject({ address: signer.address })
    const own = wallet.sessions().at(-1)?.topic ?? ''
    const deleted = wallet.waitForDelete(own)
    await page.adapter.disconnect()
    await deleted
  })

  test('behavior: one QR for both: the EVM pairing asks for Solana too, and the Solana wallet then connects without a new pairing', async () => {
    page = load()
    const connector = page.config.connectors[0]
    if (!connector) throw new TypeError('no connector')
    const uri = nextMessage(page.config, 'display_uri')
    const evm = connect(page.config, { connector })
    await wallet.pair(await uri)
    await evm
    const session = wallet.sessions().at(-1)
    expect(Object.keys(session?.namespaces ?? {}).sort()).toEqual(['eip155', 'solana'])

    let pairings = 0
    connector.emitter.on('message', (message) => {
      if (message.type === 'solana_display_uri' || isDisplayUriMessage(message)) pairings++
    })
    expect(await page.adapter.connect({ wallet: 'WalletConnect' })).toMatchObject({
      address: signer.address,
    })
    expect(pairings).toBe(0)
    const { signature } = await page.adapter.signMessage({ message: 'one session' })
    expect(signature).toEqual(signer.signRaw(new TextEncoder().encode('one session')))
    expect(wallet.requests.at(-1)).toMatchObject({ topic: session?.topic })

    // Solana's disconnect leaves the shared session to the EVM side; wagmi's ends it for both
    await page.adapter.disconnect()
    expect(wallet.sessions().some((item) => item.topic === session?.topic)).toBe(true)
    await page.adapter.connect({ wallet: 'WalletConnect' })
    await disconnect(page.config)
    await waitFor(() => page.adapter.getState().status === 'disconnected')
  })
})
