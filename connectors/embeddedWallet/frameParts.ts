// The frame channel and the EIP-1193 provider over it: one lazy chunk (see loadFrameParts).
export { createFrameProvider } from '../../src/embeddedWallet/createFrameProvider'
export { createFrameClient } from '../../src/frame/createFrameClient'
