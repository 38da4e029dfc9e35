import { createWalletClient, http } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { ServerContext } from '../context'
import { walletAccount } from '../custody/wallets'
import type { WalletRecord } from '../storage/types'
import { toChainError } from './forward'
import { addressSchema, assertOwnAddress, hexSchema, parseParams, quantitySchema } from './params'
import type { RpcHandler } from './types'

/** A transaction request as wallets receive it (hex quantities). */
export const transactionSchema = z.object({
  from: addressSchema.optional(),
  to: addressSchema.nullish(),
  value: quantitySchema.optional(),
  data: hexSchema.optional(),
  input: hexSchema.optional(),
  gas: quantitySchema.optional(),
  gasPrice: quantitySchema.optional(),
  maxFeePerGas: quantitySchema.optional(),
  maxPriorityFeePerGas: quantitySchema.optional(),
  nonce: quantitySchema.optional(),
  chainId: quantitySchema.optional(),
})

/** A parsed transaction request. */
export type TransactionRequest = z.output<typeof transactionSchema>

const sendTransactionParams = z.tuple([transactionSchema]).rest(z.unknown())

/**
 * Signs and broadcasts one transaction from the user's wallet on `chainId`; viem fills nonce,
 * gas and fees. Sends from one account and chain run one after another, so nonces never clash.
 */
export async function signAndSend(
  context: ServerContext,
  wallet: WalletRecord,
  chainId: number,
  tx: TransactionRequest,
): Promise<`0x${string}`> {
  assertOwnAddress(tx.from, wallet.address)
  if (tx.chainId !== undefined && tx.chainId !== BigInt(chainId))
    throw new InvalidRequestError({
      reason: `The transaction is for chain ${tx.chainId}, not ${chainId}.`,
    })
  const { chain } = context.chains.get(chainId)
  const account = walletAccount(context, wallet)
  const client = createWalletClient({
    account,
    chain,
    transport: http(chain.rpcUrls.default.http[0]),
  })
  const fees =
    tx.gasPrice !== undefined
      ? { gasPrice: tx.gasPrice }
      : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
  return context.serialize(`${chainId}:${wallet.address}`, async () => {
    try {
      return await client.sendTransaction({
        to: tx.to ?? null,
        value: tx.value,
        data: tx.data ?? tx.input,
        gas: tx.gas,
        nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
        ...fees,
      } as Parameters<typeof client.sendTransaction>[0])
    } catch (error) {
      throw toChainError(error)
    }
  })
}

/** eth_sendTransaction [tx]: signed on the server and broadcast; answers the hash. */
export const sendTransaction: RpcHandler = async ({ chainId, context, params, wallet }) => {
  const [tx] = parseParams(sendTransactionParams, params)
  return signAndSend(context, wallet, chainId, tx)
}
