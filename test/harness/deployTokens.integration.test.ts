import { parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilNode, startAnvil } from './anvil'
import { assemble } from './contracts/assemble'
import { usdtStyleTokenAbi } from './contracts/usdtStyleToken'
import { anvilAccounts, createTokenDeployer, type TokenDeployer } from './deployTokens'

const [deployer, alice, bob] = anvilAccounts as [
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
  (typeof anvilAccounts)[0],
]
const erc20Read = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function allowance(address, address) view returns (uint256)',
])
const erc721Read = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function tokenURI(uint256) view returns (string)',
])

let anvil: AnvilNode
let tokens: TokenDeployer

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  tokens = createTokenDeployer(anvil.rpcUrl, anvil.chainId)
})

afterAll(async () => {
  await anvil?.stop()
})

const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
  tokens.client.readContract({
    address: token,
    abi: erc20Read,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('assemble', () => {
  test('default: opcodes, sized pushes and two-byte label references', () => {
    expect(assemble(['CALLER', { push: 1 }, { push: 256 }, { ref: 'end' }, { label: 'end' }])).toBe(
      '0x3360016101006100095b',
    )
  })

  test('error: an unknown opcode or label is refused', () => {
    expect(() => assemble(['NOPE'])).toThrow(/unknown opcode NOPE/)
    expect(() => assemble([{ ref: 'missing' }])).toThrow(/no label missing/)
  })
})

describe('deployTokens', () => {
  test('default: an OpenZeppelin ERC-20 is deployed, minted and transferred', async () => {
    const token = await tokens.deployErc20({ name: 'Test Token', symbol: 'TST' })
    await tokens.mintErc20(token, alice.address, 1_000n)
    await tokens.transferToken(token, bob.address, 400n, alice)
    expect(await balanceOf(token, alice.address)).toBe(600n)
    expect(await balanceOf(token, bob.address)).toBe(400n)
    expect(
      await tokens.client.readContract({ address: token, abi: erc20Read, functionName: 'symbol' }),
    ).toBe('TST')
  })

  test('behavior: the USDT-style token moves balances, logs Transfer and returns no data', async () => {
    const token = await tokens.deployUsdtStyle({ supply: 5_000_000n })
    expect(await balanceOf(token, deployer.address)).toBe(5_000_000n)
    expect(
      await tokens.client.readContract({
        address: token,
        abi: erc20Read,
        functionName: 'decimals',
      }),
    ).toBe(6)
    // transfer answers with empty return data: what a bool-expecting client must tolerate.
    const { data } = await tokens.client.call({
      account: deployer.address,
      to: token,
      data: '0xa9059cbb000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000ff',
    })
    expect(data).toBeUndefined()
    const mined = await tokens.transferToken(token, alice.address, 1_500_000n)
    const logs = await tokens.client.getContractEvents({
      address: token,
      abi: usdtStyleTokenAbi,
      eventName: 'Transfer',
      fromBlock: mined.blockNumber,
      toBlock: mined.blockNumber,
    })
    expect(logs.map((log) => log.args)).toEqual([
      { from: deployer.address, to: alice.address, value: 1_500_000n },
    ])
    expect(await balanceOf(token, deployer.address)).toBe(3_500_000n)
    expect(await balanceOf(token, alice.address)).toBe(1_500_000n)
  })

  test('behavior: the USDT-style token spends an allowance with transferFrom', async () => {
    const token = await tokens.deployUsdtStyle({ supply: 1_000n })
    await tokens.approveToken(token, alice.address, 300n)
    expect(
      await tokens.client.readContract({
        address: token,
        abi: erc20Read,
        functionName: 'allowance',
        args: [deployer.address, alice.address],
      }),
    ).toBe(300n)
    await tokens.transferTokenFrom(token, deployer.address, bob.address, 200n, alice)
    expect(await balanceOf(token, bob.address)).toBe(200n)
    expect(
      await tokens.client.readContract({
        address: token,
        abi: erc20Read,
        functionName: 'allowance',
        args: [deployer.address, alice.address],
      }),
    ).toBe(100n)
  })

  test('error: the USDT-style token reverts on too little balance or allowance', async () => {
    const token = await tokens.deployUsdtStyle({ supply: 10n })
    await expect(tokens.transferToken(token, alice.address, 11n)).rejects.toThrow()
    await expect(
      tokens.transferTokenFrom(token, deployer.address, bob.address, 1n, alice),
    ).rejects.toThrow()
    expect(await balanceOf(token, deployer.address)).toBe(10n)
  })

  test('default: an ERC-721 is minted with a tokenURI and transferred', async () => {
    const nft = await tokens.deployErc721({
      name: 'Test NFT',
      symbol: 'TNFT',
      baseUri: 'http://127.0.0.1:1/meta/',
    })
    const first = await tokens.mintNft(nft, alice.address)
    const second = await tokens.mintNft(nft, alice.address)
    expect([first.tokenId, second.tokenId]).toEqual([0n, 1n])
    await tokens.transferNft(nft, alice, bob.address, 1n)
    const read = (functionName: 'ownerOf' | 'tokenURI', id: bigint) =>
      tokens.client.readContract({ address: nft, abi: erc721Read, functionName, args: [id] })
    expect(await read('ownerOf', 0n)).toBe(alice.address)
    expect(await read('ownerOf', 1n)).toBe(bob.address)
    expect(await read('tokenURI', 1n)).toBe('http://127.0.0.1:1/meta/1')
  })

  test('default: a native transfer is mined', async () => {
    const before = await tokens.client.getBalance({ address: bob.address })
    await tokens.sendNative(bob.address, 12345n, deployer)
    expect(await tokens.client.getBalance({ address: bob.address })).toBe(before + 12345n)
  })
})
