import { encodeFunctionData } from 'viem'
import { erc20Abi } from '../account/erc20Abi'
import type { SendState } from '../machines/sendTypes'
import { parseSendAmount } from './parseSendAmount'

/**
 * The transaction a send form describes, without gas: a value transfer for the native currency,
 * else ERC-20 `transfer(to, amount)` to the token; undefined while the form is incomplete.
 */
export function transferOf(state: SendState) {
  const { token, receiver, account } = state
  if (!token || !account || receiver.status !== 'valid') return undefined
  const amount = parseSendAmount(state.amount, token.decimals)
  if (amount.kind !== 'amount') return undefined
  if (!token.address)
    return {
      chainId: account.chainId,
      from: account.address,
      to: receiver.address,
      value: amount.value,
    }
  return {
    chainId: account.chainId,
    from: account.address,
    to: token.address,
    value: 0n,
    // ERC-20 `transfer`; its return value is never read, so USDT's (which returns nothing) works
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver.address, amount.value],
    }),
  }
}
