/**
 * Our Solana JSON-RPC (HTTP) and PubSub (WebSocket) server on loopback, backed by litesvm: the
 * real SVM with the real System, Token and Associated Token programs, in-process. For tests and
 * `npm run dev`; never shipped. HTTP and WebSocket share one port (a validator uses port + 1).
 * @example
 * const solana = await startSolanaRpc()
 * const rpc = createSolanaRpc(solana.url)
 * const subscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
 * await solana.airdrop(address, 1_000_000_000n)
 * await solana.stop()
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, generateKeyPairSigner, getBase58Decoder } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
import { accountMethods } from './accountMethods'
import { clusterMethods } from './clusterMethods'
import { createSolanaChain, type SolanaChain, type SolanaChainOptions } from './createSolanaChain'
import { answerJsonRpc } from './dispatch'
import { serveSubscriptions } from './subscriptions'
import { createTokenHelpers, type TokenHelpers } from './tokens'
import { airdrop, transactionMethods } from './transactionMethods'
import type { MethodTable } from './types'

/** Options of `startSolanaRpc` (the chain's slot clock and confirmation depths, and the port). */
export interface SolanaRpcOptions extends SolanaChainOptions {
  /** @default 0 (a free port) */
  port?: number
  /** Sees every HTTP request body and its answer (to debug or assert on the wire format). */
  onExchange?: (request: string, response: string | undefined) => void
}

/** A running server. */
export interface SolanaRpc extends TokenHelpers {
  /** `http://127.0.0.1:<port>`: give it to `createSolanaRpc`. */
  url: string
  /** `ws://127.0.0.1:<port>`: give it to `createSolanaRpcSubscriptions`. */
  wsUrl: string
  port: number
  /** The SVM itself (read or set accounts directly in a test). */
  svm: LiteSVM
  chain: SolanaChain
  /** The server's random genesis hash (as a fresh local validator has). */
  genesisHash: string
  /** Credits lamports (litesvm's faucet); resolves to the airdrop's signature. */
  airdrop(address: Address, lamports: bigint): Promise<string>
  /** Moves the clock on by `count` slots (each with a new blockhash). */
  advanceSlots(count?: number): void
  stop(): Promise<void>
}

const MAX_BODY = 50 * 1024 * 1024

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** Starts the server on 127.0.0.1. */
export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpc> {
  const { port = 0, onExchange, ...chainOptions } = options
  const chain = createSolanaChain(chainOptions)
  const genesisHash = getBase58Decoder().decode(randomBytes(32))
  const methods: MethodTable = {
    ...accountMethods(chain),
    ...transactionMethods(chain),
    ...clusterMethods(chain, genesisHash),
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { ...cors, allow: 'POST, OPTIONS', 'content-type': 'text/plain' })
      response.end('Used HTTP Method is not allowed. POST or OPTIONS is required')
      return
    }
    const body = await readBody(request)
    if (body === undefined) {
      response.writeHead(413, cors).end()
      return
    }
    const answer = await answerJsonRpc(methods, body)
    onExchange?.(body, answer)
    response.writeHead(200, { ...cors, 'content-type': 'application/json; charset=utf-8' })
    response.end(answer ?? '')
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, cors)
      response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      chain.stop()
      reject(error)
    })
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  // Made after listening: a WebSocketServer re-emits its HTTP server's listen error.
  const sockets = new WebSocketServer({ server })
  let nextSubscription = 0
  sockets.on('connection', (socket) => serveSubscriptions(chain, socket, () => nextSubscription++))

  const payer = await generateKeyPairSigner()
  airdrop(chain, payer.address, 1_000_000_000_000n)
  const tokens = createTokenHelpers(chain, payer)

  return {
    url: `http://127.0.0.1:${bound}`,
    wsUrl: `ws://127.0.0.1:${bound}`,
    port: bound,
    svm: chain.svm,
    chain,
    genesisHash,
    ...tokens,
    airdrop: async (address, lamports) => airdrop(chain, address, lamports),
    advanceSlots: (count) => chain.advanceSlots(count),
    async stop() {
      chain.stop()
      for (const socket of sockets.clients) socket.terminate()
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
