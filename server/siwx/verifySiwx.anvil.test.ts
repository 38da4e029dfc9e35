import { createServer, type Server } from 'node:net'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  hashMessage,
  http,
  parseAbi,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'
import { type AnvilNode, startAnvil } from '../../test/harness/anvil'
import { erc1271WalletInitCode } from '../../test/harness/erc1271Wallet.fixture'
import { createMemoryNonceStore } from './createMemoryNonceStore'
import { verifySiwx } from './verifySiwx'

const owner = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const stranger = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const chainId = 31337
let anvil: AnvilNode
let wallet: `0x${string}`
let hanging: Server

const chain = (url: string) =>
  defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })

/** Deploys one fixture EIP-1271 wallet of `owner` (a fresh address per call). */
async function deployWallet(): Promise<`0x${string}`> {
  const client = createWalletClient({
    account: owner,
    chain: chain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  })
  const hash = await client.sendTransaction({ data: erc1271WalletInitCode(owner.address) })
  const receipt = await createPublicClient({
    chain: chain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  }).waitForTransactionReceipt({ hash })
  return getAddress(receipt.contractAddress as `0x${string}`)
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId })
  wallet = await deployWallet()
  hanging = createServer(() => {}) // accepts connections, never answers
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  await anvil?.stop()
  hanging?.close()
})

async function signed(signer = owner, rpcUrl = anvil.rpcUrl) {
  const nonceStore = createMemoryNonceStore()
  const message = createSiwxMessage({
    accountAddress: wallet,
    chainId: `eip155:${chainId}`,
    domain: 'dapp.test',
    uri: 'https://dapp.test/',
    version: '1',
    nonce: await nonceStore.issue(),
    issuedAt: new Date().toISOString(),
  })
  return {
    message,
    signature: await signer.signMessage({ message }),
    expected: { domain: 'dapp.test' },
    nonceStore,
    publicClient: createPublicClient({ chain: chain(rpcUrl), transport: http(rpcUrl) }),
  }
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error) =>
      error instanceof SiwxVerificationError ? error.reason : `untyped: ${String(error)}`,
  )
}

describe('verifySiwx on anvil (EIP-1271)', () => {
  test("default: the deployed wallet accepts its owner's signature", async () => {
    const session = await verifySiwx(await signed())
    expect(session.data.accountAddress.toLowerCase()).toBe(wallet.toLowerCase())
  })

  test('behavior: a wrong signature is rejected', async () => {
    expect(await reason(verifySiwx(await signed(stranger)))).toBe('INVALID_SIGNATURE')
  })

  test('behavior: an RPC that refuses connections rejects (fail closed)', async () => {
    const started = Date.now()
    // viem's EIP-6492 path folds a failed eth_call into "not valid": rejected either way, typed.
    expect(await reason(verifySiwx(await signed(owner, 'http://127.0.0.1:1')))).toMatch(
      /^(RPC_ERROR|INVALID_SIGNATURE)$/,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  test('behavior: an RPC that hangs rejects within 5 s', async () => {
    const address = hanging.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const started = Date.now()
    expect(await reason(verifySiwx(await signed(owner, `http://127.0.0.1:${port}`)))).toBe(
      'TIMEOUT',
    )
    expect(Date.now() - started).toBeLessThan(5_500)
  })

  test('behavior: C9 a 1271 signature made for account A is refused for account B of the same owner', async () => {
    const walletB = await deployWallet()
    expect(walletB).not.toBe(wallet)
    const forA = await signed()
    // The replay is real: B's contract alone accepts A's signature for the same hash.
    const magic = await forA.publicClient.readContract({
      address: walletB,
      abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [hashMessage(forA.message), forA.signature],
    })
    expect(magic).toBe('0x1626ba7e')
    // Presented as B's sign-in: the signed message names A, so B is refused.
    expect(
      await reason(verifySiwx({ ...forA, expected: { domain: 'dapp.test', address: walletB } })),
    ).toBe('ADDRESS_MISMATCH')
    // The message rewritten to name B, with A's signature: the text signed was A's.
    expect(forA.message).toContain(wallet)
    const namingB = forA.message.replace(wallet, walletB)
    expect(await reason(verifySiwx({ ...forA, message: namingB }))).toBe('INVALID_SIGNATURE')
    // A itself still signs in: the refusals spent no nonce.
    expect(await reason(verifySiwx(forA))).toBe('accepted')
  })
})
