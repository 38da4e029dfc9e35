import {
  concatHex,
  createPublicClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createSiwxMessage } from '../../src/siwx/createSiwxMessage'
import { type AnvilNode, rpc, startAnvil } from '../../test/harness/anvil'
import { erc1271WalletInitCode } from '../../test/harness/erc1271Wallet.fixture'
import { createMemoryNonceStore } from './createMemoryNonceStore'
import { verifySiwx } from './verifySiwx'

// A counterfactual (never deployed) smart account: the EIP-1271 fixture wallet, to be
// CREATE2-deployed by the deterministic deployer anvil ships by default (Arachnid's
// "Deterministic Deployment Proxy": calldata = salt (32 bytes) ++ init code, it CREATE2s and
// returns the new address). The signature is wrapped per EIP-6492 with that factory call, and
// viem's deployless universal validator simulates the deployment inside an eth_call.

const owner = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const stranger = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const chainId = 31337
const deployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const
const salt = keccak256(toHex('latchkey/siwx/erc6492'))
const initCode = erc1271WalletInitCode(owner.address)
const factoryData = concatHex([salt, initCode])
const account = getContractAddress({ opcode: 'CREATE2', from: deployer, salt, bytecode: initCode })
let anvil: AnvilNode

const chain = (url: string) =>
  defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })

const code = (address: Hex) => rpc<Hex>(anvil.rpcUrl, 'eth_getCode', [address, 'latest'])

beforeAll(async () => {
  anvil = await startAnvil({ chainId })
  const deployerCode = await code(deployer)
  if (deployerCode === '0x')
    throw new Error(`anvil has no CREATE2 deployer at ${deployer} (needed as the 6492 factory)`)
})

afterAll(async () => {
  await anvil?.stop()
})

async function signed(signer = owner) {
  const nonceStore = createMemoryNonceStore()
  const message = createSiwxMessage({
    accountAddress: account,
    chainId: `eip155:${chainId}`,
    domain: 'dapp.test',
    uri: 'https://dapp.test/',
    version: '1',
    nonce: await nonceStore.issue(),
    issuedAt: new Date().toISOString(),
  })
  const signature = serializeErc6492Signature({
    address: deployer,
    data: factoryData,
    signature: await signer.signMessage({ message }),
  })
  return {
    message,
    signature,
    expected: { domain: 'dapp.test' },
    nonceStore,
    publicClient: createPublicClient({
      chain: chain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    }),
  }
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error) =>
      error instanceof SiwxVerificationError ? error.reason : `untyped: ${String(error)}`,
  )
}

describe('verifySiwx on anvil (EIP-6492, counterfactual account)', () => {
  test('setup: the factory call really deploys the 1271 wallet at the counterfactual address', async () => {
    // Simulated only (eth_call): the deployer returns the CREATE2 address, nothing is mined.
    const returned = await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
      { to: deployer, data: factoryData },
      'latest',
    ])
    expect(returned.toLowerCase()).toBe(account.toLowerCase())
    expect(await code(account)).toBe('0x')
  })

  test("default: the undeployed account accepts its owner's wrapped signature", async () => {
    expect(await code(account)).toBe('0x')
    const parameters = await signed()
    const session = await verifySiwx(parameters)
    expect(session.data.accountAddress.toLowerCase()).toBe(account.toLowerCase())
    expect(session.signature).toBe(parameters.signature)
    expect(await code(account)).toBe('0x') // verified through eth_call: still not deployed
  })

  test('behavior: the same wrapping around another key is rejected', async () => {
    expect(await code(account)).toBe('0x')
    expect(await reason(verifySiwx(await signed(stranger)))).toBe('INVALID_SIGNATURE')
    expect(await code(account)).toBe('0x')
  })

  test('behavior: the bare (unwrapped) owner signature is rejected for the undeployed account', async () => {
    const parameters = await signed()
    const bare = await owner.signMessage({ message: parameters.message })
    expect(await reason(verifySiwx({ ...parameters, signature: bare }))).toBe('INVALID_SIGNATURE')
  })

  test('behavior: a factory call that deploys the wallet elsewhere (other salt) is rejected', async () => {
    const parameters = await signed()
    const otherSalt = keccak256(toHex('latchkey/siwx/erc6492/other'))
    const signature = serializeErc6492Signature({
      address: deployer,
      data: concatHex([otherSalt, initCode]),
      signature: await owner.signMessage({ message: parameters.message }),
    })
    expect(await reason(verifySiwx({ ...parameters, signature }))).toBe('INVALID_SIGNATURE')
    expect(await code(account)).toBe('0x')
  })
})
