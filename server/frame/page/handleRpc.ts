import { rpcMethodNeedsApproval } from '../../../src/schemas/frameRpc'
import type { Api } from './createApi'
import type { createApprovalQueue } from './createApprovalQueue'
import type { FrameSession } from './createFrameSession'
import { FrameReplyError, rpcNotAllowed } from './FrameReplyError'

/** Methods that need approval and that the server can carry out (no Solana, no permissions yet). */
const approvableMethods: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
])

function toHexChainId(chainId: number | string): string {
  return typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId
}

/**
 * RPC requests (the method is already on the SPEC §7 list): eth_chainId from the stored chain id;
 * methods that need approval wait for the click inside the frame, then go to the server.
 */
export function createRpcHandler({
  api,
  session,
  approvals,
}: {
  api: Api
  session: FrameSession
  approvals: ReturnType<typeof createApprovalQueue>
}) {
  return async (id: string, method: string, params: unknown): Promise<{ result: unknown }> => {
    if (method === 'eth_chainId') return { result: toHexChainId(session.chainId) }
    if (rpcMethodNeedsApproval(method)) {
      if (!approvableMethods.has(method)) throw rpcNotAllowed()
      if (!session.token) throw new FrameReplyError({ message: 'Invalid session', code: 4100 })
      await approvals.ask(id, method, params)
    }
    const { result } = await api<{ result: unknown }>('/rpc', {
      body: { chainId: session.chainId, method, params },
      token: session.token,
    })
    return { result: result ?? null }
  }
}
