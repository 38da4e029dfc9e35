import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { BaseError } from '../../src/errors/base'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { addressSchema, assertOwnAddress, hexSchema, parseParams, quantitySchema } from './params'
import { signAndSend } from './sendTransaction'
import type { RpcHandler } from './types'

// SPEC §5: each call's `to` must start with 0x, and `data`, if present, must too.
const callSchema = z.object({
  to: addressSchema,
  data: hexSchema.optional(),
  value: quantitySchema.optional(),
})

const sendCallsParams = z
  .tuple([
    z.object({
      version: z.string().optional(),
      chainId: quantitySchema.optional(),
      from: addressSchema.optional(),
      calls: z.array(callSchema).min(1).max(32),
      atomicRequired: z.boolean().optional(),
      capabilities: z.record(z.string(), z.unknown()).optional(),
    }),
  ])
  .rest(z.unknown())

/**
 * wallet_sendCalls (EIP-5792) for an EOA: no atomicity, the calls are sent one after another;
 * a failure stops the batch. Answers `{ id }` for wallet_getCallsStatus.
 */
export const sendCalls: RpcHandler = async ({ auth, chainId, context, params, wallet }) => {
  const [request] = parseParams(sendCallsParams, params)
  assertOwnAddress(request.from, wallet.address)
  if (request.atomicRequired)
    throw new InvalidRequestError({ reason: 'Atomic execution is not supported by this wallet.' })
  if (request.chainId !== undefined && request.chainId !== BigInt(chainId))
    throw new InvalidRequestError({
      reason: `The calls are for chain ${request.chainId}, not ${chainId}.`,
    })
  const hashes: `0x${string}`[] = []
  let failure: unknown
  for (const call of request.calls) {
    try {
      hashes.push(await signAndSend(context, wallet, chainId, call))
    } catch (error) {
      failure = error
      break
    }
  }
  if (hashes.length === 0)
    throw failure instanceof BaseError
      ? failure
      : new InvalidRequestError({ reason: 'No call could be sent.' })
  const id = `0x${randomBytes(32).toString('hex')}`
  await context.storage.calls.create({
    id,
    userId: auth.user.id,
    chainId,
    hashes,
    failed: failure !== undefined,
    createdAt: context.now(),
  })
  return { id }
}
