import { toViemTypedData } from '../../src/approval/normalizeTypedData'
import { walletAccount } from '../custody/wallets'
import { requireFactorForSign } from '../factors/signPolicy'
import { readApproved } from './readApproved'
import type { RpcHandler } from './types'

/** personal_sign: signs exactly the approved bytes (EIP-191). */
export const personalSign: RpcHandler = async (call) => {
  const request = readApproved(call, 'personal_sign')
  return walletAccount(call.context, call.wallet).signMessage({ message: { raw: request.message } })
}

/**
 * eth_signTypedData_v4 (EIP-712): signs exactly the approved typed data. A permit (EIP-2612 or
 * Permit2) above the project's token threshold, or unlimited, needs the second factor first.
 */
export const signTypedDataV4: RpcHandler = async (call) => {
  const request = readApproved(call, 'eth_signTypedData_v4')
  await requireFactorForSign(call.context, { ...call, request, hash: String(call.hash) })
  const account = walletAccount(call.context, call.wallet)
  return account.signTypedData(
    toViemTypedData(request) as Parameters<typeof account.signTypedData>[0],
  )
}
