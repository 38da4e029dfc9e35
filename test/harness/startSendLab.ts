import { parseEther, toHex } from 'viem'
import { expect } from 'vitest'
import type { LatchkeyServerOptions } from '../../server/options'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { CanonicalRequest } from '../../src/approval/types'
import { type AnvilNode, rpc, startAnvil } from './anvil'
import { type FaultyRpc, startFaultyRpc } from './startFaultyRpc'
import { startTestServer, type TestCredential, type TestServer } from './startTestServer'

/** anvil's first dev account (funds the wallet) and second one (receives the sends). */
export const dev0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const dev1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The server's answer to `/v1/rpc`, over HTTP. */
export type SendAnswer = {
  result?: unknown
  error?: {
    name: string
    message: string
    code?: number
    hash?: string
    nonce?: number
    mayHaveBeenSent?: boolean
  }
}

/** What one send takes; the defaults are the lab's own server and visitor. */
export interface SendParameters {
  value?: `0x${string}`
  server?: TestServer
  credential?: TestCredential
}

/**
 * A server whose chain 1 is a real anvil behind the fault-injecting proxy, with one visitor whose
 * embedded wallet holds 10 ETH: the setup of the send tests (plan row H11).
 */
export interface SendLab {
  anvil: AnvilNode
  proxy: FaultyRpc
  server: TestServer
  credential: TestCredential
  /** The visitor's embedded wallet. */
  address: `0x${string}`
  /** What the frame does for eth_sendTransaction to `dev1`: prepare, then send it approved. */
  send(parameters?: SendParameters): Promise<{ status: number; body: SendAnswer }>
  /** The wallet's mined transaction count, from anvil itself. */
  mined(): Promise<number>
  /** The transaction as anvil knows it, or null. */
  onChain(hash: string): Promise<{ nonce: string; hash: string } | null>
  close(): Promise<void>
}

/** Starts anvil, the proxy and a server on them, and funds a logged-in visitor's wallet. */
export async function startSendLab(rpcOptions: LatchkeyServerOptions['rpc']): Promise<SendLab> {
  const anvil = await startAnvil({ chainId: 1 })
  const proxy = await startFaultyRpc(anvil.rpcUrl)
  const server = await startTestServer({ chains: { 1: proxy.url }, rpc: rpcOptions })
  const credential = await server.login('sender@example.test')
  const { address } = (await server.get<{ address: `0x${string}` }>('/v1/user', credential)).body
  await rpc(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: dev0, to: address, value: toHex(parseEther('10')) },
  ])
  const lab: SendLab = {
    anvil,
    proxy,
    server,
    credential,
    address,
    async send({ value = '0x1', server: to = server, credential: as = credential } = {}) {
      const request = normalizeApprovalRequest({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: dev1, value }],
        chainId: 1,
        account: address,
      })
      const prepared = await to.post<{ request: CanonicalRequest }>(
        '/v1/rpc/prepare',
        { chainId: 1, request },
        as,
      )
      expect(prepared.status).toBe(200)
      const approved = prepared.body.request
      return to.post<SendAnswer>(
        '/v1/rpc',
        {
          chainId: 1,
          method: 'eth_sendTransaction',
          request: approved,
          hash: hashCanonicalRequest(approved),
        },
        as,
      )
    },
    mined: async () =>
      Number(await rpc<string>(anvil.rpcUrl, 'eth_getTransactionCount', [address, 'latest'])),
    onChain: (hash) => rpc(anvil.rpcUrl, 'eth_getTransactionByHash', [hash]),
    async close() {
      await server.close()
      await proxy.stop()
      await anvil.stop()
    },
  }
  return lab
}
