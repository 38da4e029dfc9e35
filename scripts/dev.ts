/**
 * `npm run dev`: two anvil nodes (chains 1 and 56), the loopback Solana RPC (litesvm), the
 * loopback WalletConnect relay, a dev wallet page, the swap lab on chain 1 (pools, router, quote API),
 * Farcaster's test world (anvil as chain 10 with the registry stand-ins, our relay and its dev
 * Farcaster client page), then the playground on Vite's dev server with `/rpc/1`, `/rpc/56` and
 * the `/relay` WebSocket proxied to them. Ctrl-C / SIGTERM stops everything.
 */
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { type AnvilNode, startAnvil } from '../test/harness/anvil'
import { type FarcasterChain, startFarcasterChain } from '../test/harness/startFarcasterChain'
import { type FarcasterTestRelay, startFarcasterRelay } from '../test/harness/startFarcasterRelay'
import { type Relay, startRelay } from '../test/relay/startRelay'
import { type SolanaRpc, startSolanaRpc } from '../test/solana/startSolanaRpc'
import { type DevEmbeddedServer, startDevEmbeddedServer } from './devEmbeddedServer'
import { type DevSwapLab, startDevSwapLab } from './devSwapLab'
import { type DevWallet, startDevWallet } from './devWallet'

// Extensionless relative imports (house style) are fine for Vite's default config loader.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const configFile = fileURLToPath(new URL('../playground/vite.config.ts', import.meta.url))

const anvils: AnvilNode[] = []
let server: ViteDevServer | undefined
let relay: Relay | undefined
let solana: SolanaRpc | undefined
/** A second cluster, so Account's cluster pill switches between two (`Solana Local B`). */
let solanaB: SolanaRpc | undefined
let devWallet: DevWallet | undefined
let embedded: DevEmbeddedServer | undefined
let swapLab: DevSwapLab | undefined
let farcasterChain: FarcasterChain | undefined
let farcasterRelay: FarcasterTestRelay | undefined
let stopping = false

async function stop(code: number) {
  if (stopping) return
  stopping = true
  process.stdout.write('\nStopping the playground and the anvil nodes…\n')
  await server?.close().catch(() => undefined)
  await devWallet?.stop().catch(() => undefined)
  await embedded?.stop().catch(() => undefined)
  await swapLab?.stop().catch(() => undefined)
  await farcasterRelay?.close().catch(() => undefined)
  await farcasterChain?.stop().catch(() => undefined)
  await relay?.stop().catch(() => undefined)
  await solana?.stop().catch(() => undefined)
  await solanaB?.stop().catch(() => undefined)
  await Promise.all(anvils.map((node) => node.stop().catch(() => undefined)))
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stop(0))
}

async function main() {
  const [mainnet, bsc] = await Promise.all([
    startAnvil({ chainId: 1 }),
    startAnvil({ chainId: 56 }),
  ])
  anvils.push(mainnet, bsc)
  process.env.LATCHKEY_RPC_1 = mainnet.rpcUrl
  process.env.LATCHKEY_RPC_56 = bsc.rpcUrl
  // The Solana RPC on a fixed port when free (8899, a local validator's), else any port.
  solana = await startSolanaRpc({ port: 8899 }).catch(() => startSolanaRpc())
  process.env.VITE_LATCHKEY_SOLANA_RPC = solana.url
  solanaB = await startSolanaRpc()
  process.env.VITE_LATCHKEY_SOLANA_RPC_B = solanaB.url
  relay = await startRelay()
  process.env.LATCHKEY_RELAY = relay.url
  devWallet = await startDevWallet({
    relayUrl: relay.url,
    rpcUrls: { 1: mainnet.rpcUrl, 56: bsc.rpcUrl },
  })

  // Email login: the Latchkey server on its own site; the playground reads the frame URL from Vite's env.
  // Swap (issue 15): the swap lab on chain 1, its quote API behind the same server's forwarder.
  swapLab = await startDevSwapLab(mainnet.rpcUrl)
  // Farcaster login (issue 14): OP Mainnet's registries on anvil, our relay with its dev client.
  ;[farcasterChain, farcasterRelay] = await Promise.all([
    startFarcasterChain(),
    startFarcasterRelay({ host: 'localhost' }),
  ])
  embedded = await startDevEmbeddedServer({
    rpcUrls: { 1: mainnet.rpcUrl, 56: bsc.rpcUrl },
    swap: swapLab.serverOption,
    farcaster: { relayUrl: farcasterRelay.url, rpcUrl: farcasterChain.rpcUrl },
  })
  process.env.VITE_LATCHKEY_FRAME_URL = embedded.frameUrl
  process.env.VITE_LATCHKEY_SWAP = JSON.stringify(swapLab.playgroundOption(embedded.url))

  server = await createServer({
    configFile,
    server: { host: '127.0.0.1', port: 5173, strictPort: false },
  })
  await server.listen()

  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`
  const lines = [
    '',
    '  Latchkey playground',
    '',
    `  App           ${url}`,
    `  Many wallets  ${url}?wallets=1000`,
    '',
    `  RPC chain 1   ${mainnet.rpcUrl}   (page: /rpc/1)`,
    `  RPC chain 56  ${bsc.rpcUrl}   (page: /rpc/56)`,
    '',
    '  Test wallet injected: Latchkey Test Wallet, anvil account 0',
    '  (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, 10000 ETH on both chains)',
    '',
    `  Solana RPC    ${solana.url}   (litesvm; WebSocket ${solana.wsUrl})`,
    `  Solana B      ${solanaB.url}   (a second cluster: Account's cluster pill switches)`,
    '',
    `  WC relay      ${relay.url}   (page: /relay)`,
    `  Dev wallet    ${devWallet.url}   (paste the WalletConnect link here)`,
    '',
    `  Email login   ${embedded.frameUrl}   (Latchkey server: type any email, the code prints here)`,
    `  Farcaster     ${url}?socials=1   (the Farcaster button; its QR and link open the dev`,
    `                Farcaster client ${farcasterRelay.url}/ : sign in as @alice or @bob;`,
    `                Optimism's registries on anvil chain 10 at ${farcasterChain.rpcUrl})`,
    '',
    `  Swap          ${embedded.url}/v1/swap/0x → ${swapLab.api.zeroExUrl}   (swap lab on chain 1:`,
    `                LAB ${swapLab.lab.lab}, USDL ${swapLab.lab.usdl}; the test wallet holds both)`,
    '',
    '  Ctrl-C stops the servers, the relays, the dev wallet, the Solana RPC and the anvil nodes.',
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  void stop(1)
})
