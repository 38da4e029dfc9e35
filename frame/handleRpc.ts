import { hashCanonicalRequest } from '../src/approval/hashCanonicalRequest'
import {
  isApprovalMethod,
  normalizeApprovalRequest,
} from '../src/approval/normalizeApprovalRequest'
import {
  isSolanaApprovalMethod,
  normalizeSolanaRequest,
  type SolanaEncoding,
} from '../src/approval/normalizeSolanaRequest'
import { parseCanonicalRequest } from '../src/approval/parseCanonicalRequest'
import type { SolanaApprovalMethod } from '../src/approval/solanaTypes'
import type { CanonicalRequest } from '../src/approval/types'
import { InvalidSessionError } from '../src/errors/InvalidSessionError'
import { rpcMethodNeedsApproval } from '../src/schemas/frameRpc'
import { decodeBase64 } from '../src/utils/base64'
import { encodeBase58 } from '../src/utils/encodeBase58'
import type { Api } from './createApi'
import type { createApprovalQueue } from './createApprovalQueue'
import type { FrameSession } from './createFrameSession'
import { rpcNotAllowed, userRejected } from './FrameReplyError'
import { chainPreludes, type FactorGate } from './factors/factorGate'
import type { Passkeys } from './passkey/createPasskeys'
import type { SealedCustody } from './sealed/createSealedCustody'
import { isFrameSigned, recoveryPrelude } from './sealed/recoveryPrelude'
import { signSealed } from './sealed/signSealed'
import { signSealedSolana } from './sealed/signSealedSolana'

function toHexChainId(chainId: number | string): string {
  return typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId
}

/** A signed transaction (base64 from the server) written back as the dapp wrote it. */
function inKind(base64: unknown, encoding: SolanaEncoding | undefined): string {
  if (typeof base64 !== 'string') throw rpcNotAllowed()
  if (encoding !== 'base58') return base64
  const bytes = decodeBase64(base64)
  if (!bytes) throw rpcNotAllowed()
  return encodeBase58(bytes)
}

/** The server's answer to a Solana request, with each transaction in the dapp's encoding. */
function solanaResult(result: unknown, encodings: SolanaEncoding[]): unknown {
  const answer = (result ?? {}) as { transaction?: unknown; transactions?: unknown }
  if (answer.transaction !== undefined)
    return { transaction: inKind(answer.transaction, encodings[0]) }
  if (Array.isArray(answer.transactions))
    return {
      transactions: answer.transactions.map((item, index) => inKind(item, encodings[index])),
    }
  return result
}

/**
 * RPC requests (the method is already on the SPEC §7 list): eth_chainId from the stored chain id;
 * reads go to the server as they are. A method that needs approval is normalised once, with the
 * chain captured on arrival; the server fills a transaction's gas and fees; the screen shows that
 * canonical object, and after the click exactly that object goes to the server with its hash.
 */
export function createRpcHandler({
  api,
  session,
  approvals,
  sealed,
  passkeys,
  factorGate,
}: {
  api: Api
  session: FrameSession
  approvals: ReturnType<typeof createApprovalQueue>
  /** Sealed custody: a sealed wallet signs here, after the same approval (frame/sealed/). */
  sealed?: SealedCustody | undefined
  /** Opens a recovery share sealed by a passkey (frame/passkey/). */
  passkeys?: Passkeys | undefined
  /** The project's second-factor policy: a factor before a transaction above its threshold. */
  factorGate?: FactorGate | undefined
}) {
  async function approve(id: string, method: string, params: unknown): Promise<unknown> {
    const chainId = session.chainId
    const token = session.token
    if (!token) throw new InvalidSessionError()
    if (typeof chainId !== 'number') throw rpcNotAllowed()
    const { address } = await api<{ address: string }>('/user', { token })
    let request: CanonicalRequest = normalizeApprovalRequest({
      method,
      params,
      chainId,
      account: address,
    })
    if (request.method === 'eth_sendTransaction' || request.method === 'wallet_sendCalls') {
      const prepared = await api<{ request: unknown }>('/rpc/prepare', {
        body: { chainId, request },
        token,
      })
      // The answer is normalised like any other input: what is shown is canonical.
      const filled = prepared.request as CanonicalRequest
      request = parseCanonicalRequest({
        request: filled,
        hash: hashCanonicalRequest(filled),
        method,
        chainId,
        account: address,
      })
    }
    const custody = sealed ? await sealed.status() : undefined
    // Sealed, or a `server` wallet of a sealed project, which the prelude upgrades first.
    const isSealed = sealed !== undefined && isFrameSigned(custody)
    const recovery = isSealed
      ? await recoveryPrelude(sealed, custody, passkeys?.recoveryPrelude)
      : undefined
    // Above the project's threshold: a second factor for exactly this request, after the
    // recovery password if one is asked, before the approval screen (the server checks it).
    const hash = hashCanonicalRequest(request)
    const factor = await factorGate?.forSigning(chainId, request, hash)
    const prelude = chainPreludes(recovery, factor?.prelude)
    // The network moved while the request was being read, priced or its custody looked up:
    // cancelled like an open one (4001). Nothing is awaited between this check and the queue, so
    // a switch after it finds the request queued and cancels it there.
    if (session.chainId !== chainId) throw userRejected()
    await approvals.ask(id, request, prelude)
    const factorProof = factor?.proof()
    if (isSealed) return signSealed({ api, token, custody: sealed, chainId, request, factorProof })
    const { result } = await api<{ result: unknown }>('/rpc', {
      body: { chainId, method, request, hash, ...(factorProof ? { factorProof } : {}) },
      token: session.token,
    })
    return result
  }

  // Solana: the user's ed25519 account (GET /user's `solana`), the request's cluster or else the
  // active one when it is a Solana cluster; the same queue, the same click, then exactly the
  // canonical request and its hash go to /solana/rpc.
  async function approveSolana(
    id: string,
    method: SolanaApprovalMethod,
    params: unknown,
  ): Promise<unknown> {
    const token = session.token
    if (!token) throw new InvalidSessionError()
    const active = session.chainId
    const chain = typeof active === 'string' && active.startsWith('solana:') ? active : undefined
    const user = await api<{ solana?: { address?: unknown } }>('/user', { token })
    const account = user.solana?.address
    if (typeof account !== 'string') throw rpcNotAllowed()
    const { request, encodings } = normalizeSolanaRequest({ method, params, account, chain })
    // A sealed Solana account signs here (its seed split with the EVM key); a `server` wallet of
    // a sealed project is upgraded first, both keys. A wallet sealed before Solana keys were
    // (no `solanaAddress`) keeps its Solana key on the server.
    const custody = sealed ? await sealed.status() : undefined
    const inFrame =
      sealed !== undefined &&
      isFrameSigned(custody) &&
      (custody.custody === 'server' || custody.solanaAddress !== undefined)
    const prelude = inFrame
      ? await recoveryPrelude(sealed, custody, passkeys?.recoveryPrelude)
      : undefined
    await approvals.ask(id, request, prelude)
    if (inFrame)
      return solanaResult(
        await signSealedSolana({ api, token, custody: sealed, request }),
        encodings,
      )
    const { result } = await api<{ result: unknown }>('/solana/rpc', {
      body: { method, request, hash: hashCanonicalRequest(request) },
      token: session.token,
    })
    return solanaResult(result, encodings)
  }

  return async (id: string, method: string, params: unknown): Promise<{ result: unknown }> => {
    if (method === 'eth_chainId') return { result: toHexChainId(session.chainId) }
    if (isSolanaApprovalMethod(method))
      return { result: (await approveSolana(id, method, params)) ?? null }
    if (rpcMethodNeedsApproval(method)) {
      if (!isApprovalMethod(method)) throw rpcNotAllowed()
      // A typed error (the normaliser's, the server's) goes to the host with its name.
      return { result: (await approve(id, method, params)) ?? null }
    }
    const { result } = await api<{ result: unknown }>('/rpc', {
      body: { chainId: session.chainId, method, params },
      token: session.token,
    })
    return { result: result ?? null }
  }
}
