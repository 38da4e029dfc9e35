import { encodeAbiParameters, encodeFunctionData, type Hex } from 'viem'
import { idRegistryAddress, keyRegistryAddress } from '../../server/farcaster/farcasterRegistries'
import { type AnvilNode, rpc, startAnvil } from './anvil'
import {
  labIdRegistryAbi,
  labIdRegistryRuntimeCode,
  labKeyRegistryAbi,
  labKeyRegistryRuntimeCode,
} from './contracts/farcaster/farcasterRegistries.fixture'
import { farcasterTestAccounts } from './farcasterClient'

/** Anvil as OP Mainnet (chain 10) with stand-ins for Farcaster's ID and key registries. */
export interface FarcasterChain {
  node: AnvilNode
  rpcUrl: string
  /** Gives `fid` to `custody` in the ID registry. */
  register(fid: number, custody: Hex): Promise<void>
  /** Adds (or removes) `address` as an auth address (key type 2) of `fid` in the key registry. */
  setAuthAddress(fid: number, address: Hex, added: boolean): Promise<void>
  stop(): Promise<void>
}

// anvil's first dev account: unlocked, it sends the setup transactions.
const sender = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * Starts anvil with chain id 10, puts our registry stand-ins (test/harness/contracts/farcaster) at
 * the real registries' addresses with `anvil_setCode`, and registers the test accounts: @alice
 * (custody key and an auth address) and @bob (custody key).
 */
export async function startFarcasterChain(): Promise<FarcasterChain> {
  const node = await startAnvil({ chainId: 10 })
  const { rpcUrl } = node
  await rpc(rpcUrl, 'anvil_setCode', [idRegistryAddress, labIdRegistryRuntimeCode])
  await rpc(rpcUrl, 'anvil_setCode', [keyRegistryAddress, labKeyRegistryRuntimeCode])
  const send = async (to: Hex, data: Hex) => {
    const hash = await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from: sender, to, data }])
    const receipt = await rpc<{ status: string }>(rpcUrl, 'eth_getTransactionReceipt', [hash])
    if (receipt?.status !== '0x1') throw new Error(`registry setup failed: ${hash}`)
  }
  const chain: FarcasterChain = {
    node,
    rpcUrl,
    register: (fid, custody) =>
      send(
        idRegistryAddress,
        encodeFunctionData({
          abi: labIdRegistryAbi,
          functionName: 'register',
          args: [BigInt(fid), custody],
        }),
      ),
    setAuthAddress: (fid, address, added) => {
      const key = encodeAbiParameters([{ type: 'address' }], [address])
      const data = added
        ? encodeFunctionData({
            abi: labKeyRegistryAbi,
            functionName: 'add',
            args: [BigInt(fid), 2, key],
          })
        : encodeFunctionData({
            abi: labKeyRegistryAbi,
            functionName: 'remove',
            args: [BigInt(fid), key],
          })
      return send(keyRegistryAddress, data)
    },
    stop: () => node.stop(),
  }
  const { alice, bob } = farcasterTestAccounts
  await chain.register(alice.fid, alice.custody.address)
  await chain.setAuthAddress(alice.fid, alice.authAddress.address, true)
  await chain.register(bob.fid, bob.custody.address)
  return chain
}
