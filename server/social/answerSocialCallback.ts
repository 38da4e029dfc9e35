import { SocialStateError } from '../../src/errors/SocialStateError'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { randomToken } from '../crypto/random'
import type { SocialFlowRecord } from '../storage/types'

/** What the provider sent to the callback (query, or form body for `form_post`). */
export interface SocialCallbackParams {
  state?: string | undefined
  code?: string | undefined
  error?: string | undefined
}

/**
 * Records the provider's answer on the flow its `state` names, once, and makes the result
 * handle the callback page hands to the host: the code itself stays on the server, to be
 * exchanged only by the frame session that started the flow. A missing, unknown, expired or
 * already answered state is `SocialStateError`.
 */
export async function answerSocialCallback(
  context: ServerContext,
  params: SocialCallbackParams,
): Promise<{ flow: SocialFlowRecord; result: string }> {
  const { state } = params
  if (!state || state.length > 512) throw new SocialStateError()
  const code = params.code && params.code.length <= 4096 ? params.code : null
  const error = params.error ? params.error.slice(0, 64) : code ? null : 'no_code'
  const result = randomToken()
  const flow = await context.storage.socialFlows.answer(
    sha256Hex(state),
    { resultHash: sha256Hex(result), code: error ? null : code, error },
    context.now(),
  )
  if (!flow) throw new SocialStateError()
  return { flow, result }
}
