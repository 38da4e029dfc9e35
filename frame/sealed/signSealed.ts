import type { PrivateKeyAccount } from 'viem/accounts'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { toViemTypedData } from '../../src/approval/normalizeTypedData'
import type { CanonicalRequest } from '../../src/approval/types'
import type { Api } from '../createApi'
import { rpcNotAllowed } from '../FrameReplyError'
import type { SealedCustody } from './createSealedCustody'

/** POST /v1/rpc/sealed/prepare's transaction: exactly what is signed, numbers as hex. */
type UnsignedTransaction = {
  chainId: number
  to: `0x${string}` | null
  value: `0x${string}`
  data: `0x${string}`
  gas: `0x${string}`
  nonce: number
  gasPrice?: `0x${string}`
  maxFeePerGas?: `0x${string}`
  maxPriorityFeePerGas?: `0x${string}`
}

const nonceMoved = (error: unknown) =>
  error instanceof Error && /next nonce changed/.test(error.message)

type Send = { result: unknown; batch?: { id: string; salt: string } }

/**
 * One transaction: priced and given its nonce by the server, signed with `account`, broadcast
 * once by the server (a nonce that moved meanwhile: signed once more with the new one).
 */
async function sendOne(
  api: Api,
  token: string,
  account: PrivateKeyAccount,
  body: Record<string, unknown>,
  extra: Record<string, unknown>,
): Promise<Send> {
  for (let attempt = 0; ; attempt++) {
    const { transaction: tx } = await api<{ transaction: UnsignedTransaction }>(
      '/rpc/sealed/prepare',
      { body, token },
    )
    const fees =
      tx.gasPrice !== undefined
        ? { type: 'legacy' as const, gasPrice: BigInt(tx.gasPrice) }
        : {
            type: 'eip1559' as const,
            maxFeePerGas: BigInt(tx.maxFeePerGas ?? 0),
            maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas ?? 0),
          }
    const raw = await account.signTransaction({
      chainId: tx.chainId,
      ...(tx.to ? { to: tx.to } : {}),
      value: BigInt(tx.value),
      data: tx.data,
      gas: BigInt(tx.gas),
      nonce: tx.nonce,
      ...fees,
    })
    try {
      return await api<Send>('/rpc/sealed/send', { body: { ...body, ...extra, raw }, token })
    } catch (error) {
      if (attempt > 0 || !nonceMoved(error)) throw error
    }
  }
}

/**
 * A wallet_sendCalls batch, on the key rebuilt once: each call signed and sent in order; the
 * first call carries the batch's factor proof and opens the batch, each later one names it. A
 * failed first call is the answer; a later one stops the batch, whose id is the answer.
 */
async function sendBatch(
  api: Api,
  token: string,
  account: PrivateKeyAccount,
  body: Record<string, unknown>,
  calls: number,
  factorProof: string | undefined,
): Promise<{ id: string }> {
  let batch: { id: string; salt: string } | undefined
  for (let index = 0; index < calls; index++) {
    try {
      const extra = batch ? { batch } : factorProof ? { factorProof } : {}
      batch = (await sendOne(api, token, account, { ...body, index }, extra)).batch
    } catch (error) {
      if (!batch) throw error
      break
    }
  }
  if (!batch) throw rpcNotAllowed()
  return { id: batch.id }
}

/**
 * Signs an approved canonical request of a sealed wallet in the frame (viem's account, on the key
 * rebuilt for this one request): messages and typed data are answered here; a transaction, or
 * each call of a batch in order, is priced and given its nonce by the server, signed here, and
 * broadcast once by the server.
 */
export async function signSealed({
  api,
  token,
  custody,
  chainId,
  request,
  factorProof,
}: {
  api: Api
  token: string
  custody: SealedCustody
  chainId: number
  request: CanonicalRequest
  /** A second-factor proof for this request, when it is above the project's threshold. */
  factorProof?: string | undefined
}): Promise<unknown> {
  switch (request.method) {
    case 'personal_sign':
      return custody.withAccount((account) =>
        account.signMessage({ message: { raw: request.message } }),
      )
    case 'eth_signTypedData_v4':
      return custody.withAccount((account) =>
        account.signTypedData(
          toViemTypedData(request) as Parameters<typeof account.signTypedData>[0],
        ),
      )
    case 'eth_sendTransaction': {
      const body = { chainId, request, hash: hashCanonicalRequest(request) }
      const extra = factorProof ? { factorProof } : {}
      return (await custody.withAccount((account) => sendOne(api, token, account, body, extra)))
        .result
    }
    case 'wallet_sendCalls': {
      const body = { chainId, request, hash: hashCanonicalRequest(request) }
      return custody.withAccount((account) =>
        sendBatch(api, token, account, body, request.calls.length, factorProof),
      )
    }
  }
}
