import { describe, expect, test } from 'vitest'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { createFrameClient } from './createFrameClient'

// The unit project runs in plain Node here: no window, no document.
describe('without a DOM', () => {
  test('behavior: create touches no browser global; mount and request fail typed', async () => {
    expect(globalThis.window).toBeUndefined()
    const client = createFrameClient({
      frameUrl: 'https://wallet.example.com/frame',
      chainId: 1,
      version: '0.1.0',
    })
    expect(client.allowedOrigin).toBe('https://wallet.example.com')
    expect(() => client.mount()).toThrow(FrameNotMountedError)
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow('Frame is not mounted')
    client.destroy()
    expect(globalThis.document).toBeUndefined()
  })
})
