/** Loads the frame channel and the EIP-1193 provider on first need (they stay out of the first bundle). */
export async function loadFrameParts() {
  const [{ createFrameClient }, { createFrameProvider }] = await Promise.all([
    import('../../src/frame/createFrameClient'),
    import('../../src/embeddedWallet/createFrameProvider'),
  ])
  return { createFrameClient, createFrameProvider }
}
