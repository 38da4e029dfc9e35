import { createFrameProvider } from '../../src/embeddedWallet/createFrameProvider'
import { createFrameClient } from '../../src/frame/createFrameClient'

/**
 * The frame channel and the EIP-1193 provider over it. They come in the session's chunk (this
 * file is imported by it only): the session needs them on its first request, and a chunk of their
 * own split the first bundle's shared modules once more. Named imports, not `import * as`: a
 * namespace object costs a bundler helper that every chunk then shares.
 */
export async function loadFrameParts() {
  return { createFrameClient, createFrameProvider }
}
