import { toHex } from 'viem'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import type { ApiAnswer, TestCredential, TestServer } from './startTestServer'

/** What POST /v1/rpc answers. */
export type RpcAnswer = { result?: unknown; error?: { name: string; message: string } }

/**
 * An approved personal_sign of `text` by the wallet of `credential`, as the frame sends it (the
 * canonical request and its hash), through `server`'s helpers.
 */
export function personalSign(
  server: Pick<TestServer, 'post'>,
  credential: TestCredential,
  address: `0x${string}`,
  text: string,
): Promise<ApiAnswer<RpcAnswer>> {
  const request = normalizeApprovalRequest({
    method: 'personal_sign',
    params: [toHex(text), address],
    chainId: 1,
    account: address,
  })
  return server.post<RpcAnswer>(
    '/v1/rpc',
    { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
    credential,
  )
}
