import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, encodeErrorResult, type Hex, parseAbi, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { createChainClients } from './createChainClients'

// EIP-3668: a contract may answer a call by reverting with OffchainLookup(urls, …), asking the
// caller to fetch one of the URLs and call back. viem follows it by default. A visitor controls
// which contract the server calls (an ERC-1271 wallet at sign-in, a token, a resolver), so
// following it would let anyone make the server fetch any URL: its chain clients must not.
const offchainLookup = parseAbi([
  'error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData)',
])
const contract: Address = '0x00000000000000000000000000000000000c0de5'

/** Runtime code that reverts every call with `payload`: CODECOPY it to memory, then REVERT. */
function revertWith(payload: Hex): Hex {
  const bytes = (payload.length - 2) / 2
  const prefix = 15
  const word = (value: number) => value.toString(16).padStart(4, '0')
  return `0x61${word(bytes)}61${word(prefix)}60003961${word(bytes)}6000fd${payload.slice(2)}`
}

let anvil: AnvilNode
let gateway: Server
let gatewayUrl: string
const fetched: string[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  gateway = createServer((request, response) => {
    fetched.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ data: '0x' }))
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/{sender}/{data}`
  const payload = encodeErrorResult({
    abi: offchainLookup,
    errorName: 'OffchainLookup',
    args: [contract, [gatewayUrl], '0x1234', '0xdeadbeef', '0x'],
  })
  await rpc(anvil.rpcUrl, 'anvil_setCode', [contract, revertWith(payload)])
})
afterAll(async () => {
  gateway?.close()
  await anvil?.stop()
})

describe('createChainClients', () => {
  test('error: a contract answering with an off-chain lookup makes the server fetch nothing', async () => {
    const { client } = createChainClients({ 31337: anvil.rpcUrl }).get(31337)
    const error = await client
      .call({ to: contract, data: toHex('any call') })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(String((error as Error).message)).toMatch(/revert/i)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(fetched).toEqual([])
  })
})
