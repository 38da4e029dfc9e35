import { numberToHex } from 'viem'
import type { RpcHandler } from './types'

/** eth_accounts and eth_requestAccounts: the user's one EOA. */
export const accounts: RpcHandler = async ({ wallet }) => [wallet.address]

/** eth_chainId: the chain the request is for. */
export const chainId: RpcHandler = async (call) => numberToHex(call.chainId)

/** wallet_getCapabilities (EIP-5792): an EOA, so atomic batches are unsupported on every chain. */
export const getCapabilities: RpcHandler = async ({ context }) =>
  Object.fromEntries(
    context.chains.ids().map((id) => [numberToHex(id), { atomic: { status: 'unsupported' } }]),
  )
