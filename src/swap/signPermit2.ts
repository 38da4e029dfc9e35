import type { Account, Address, Client, Hex } from 'viem'
import type { Permit2TypedData } from './swapTypes'

/**
 * Signs Permit2 typed data with the taker's wallet: a local account signs itself; otherwise the
 * wallet gets `eth_signTypedData_v4` with the domain's types spelled out. Not viem's
 * `signTypedData` action: its typed-data validation module is exported by viem's barrel, which an
 * app's first bundle imports, and esbuild would move it there from the swap views' lazy chunk.
 * The typed data is ours (fixed types, checked by `checkSwapBuild` before this runs).
 */
export async function signPermit2(
  walletClient: Client,
  account: Account | Address,
  typedData: Permit2TypedData,
): Promise<Hex> {
  if (typeof account === 'object' && account.type === 'local' && account.signTypedData)
    return account.signTypedData(typedData)
  const address = typeof account === 'object' ? account.address : account
  const payload = {
    ...typedData,
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      ...typedData.types,
    },
  }
  const json = JSON.stringify(payload, (_, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
  return (await walletClient.request({
    method: 'eth_signTypedData_v4',
    params: [address, json],
  } as never)) as Hex
}
