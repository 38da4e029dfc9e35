import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { toViemTypedData } from '../../src/approval/normalizeTypedData'
import type { CanonicalRequest } from '../../src/approval/types'
import type { Api } from '../createApi'
import { notAvailableYet } from '../FrameReplyError'
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

/**
 * Signs an approved canonical request of a sealed wallet in the frame (viem's account, on the key
 * rebuilt for this one request): messages and typed data are answered here; a transaction is
 * priced and given its nonce by the server, signed here, and broadcast once by the server
 * (a nonce that moved meanwhile: signed once more with the new one).
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
        const raw = await custody.withAccount((account) =>
          account.signTransaction({
            chainId: tx.chainId,
            ...(tx.to ? { to: tx.to } : {}),
            value: BigInt(tx.value),
            data: tx.data,
            gas: BigInt(tx.gas),
            nonce: tx.nonce,
            ...fees,
          }),
        )
        try {
          const { result } = await api<{ result: unknown }>('/rpc/sealed/send', {
            body: { ...body, raw, ...(factorProof ? { factorProof } : {}) },
            token,
          })
          return result
        } catch (error) {
          if (attempt > 0 || !nonceMoved(error)) throw error
        }
      }
    }
    default:
      // wallet_sendCalls and the rest: not yet for a sealed wallet (docs/security.md).
      throw notAvailableYet(`${request.method} for a sealed wallet`)
  }
}
