import type { FrameClient } from '../../src/frame/frameClientTypes'
import { version } from '../../src/version'
import type { EmbeddedWalletMessage, EmbeddedWalletParameters } from './embeddedWalletTypes'
import { loadFrameParts } from './loadFrameParts'

/**
 * Loads the frame channel, creates the client for the connector's options and mounts its iframe
 * (destroyed again if mounting throws). The client's timeouts and approvals become the
 * connector's `embedded:timeout` and `embedded:approval` messages.
 */
export async function openFrameClient(
  parameters: EmbeddedWalletParameters,
  chainId: number,
  emit: (message: EmbeddedWalletMessage) => void,
): Promise<FrameClient> {
  const { createFrameClient } = await loadFrameParts()
  const client = createFrameClient({
    frameUrl: parameters.frameUrl,
    projectId: parameters.projectId,
    chainId,
    version,
    enableLogger: parameters.enableLogger,
    approvals: parameters.approvals,
    timeouts: parameters.timeouts,
    container: parameters.container,
  })
  client.on('timeout', ({ reason, type }) =>
    emit({ type: 'embedded:timeout', data: { reason, request: type } }),
  )
  // The frame's own APPROVAL_REQUESTED / APPROVAL_SETTLED: the modal shows the iframe meanwhile.
  client.on('approval', (data) => emit({ type: 'embedded:approval', data }))
  try {
    client.mount()
  } catch (error) {
    client.destroy()
    throw error
  }
  return client
}
