import * as frameParts from './frameParts'

/**
 * The frame channel and the EIP-1193 provider over it. They come in the session's chunk (this
 * file is imported by it only): the session needs them on its first request, and a chunk of their
 * own split the first bundle's shared modules once more.
 */
export async function loadFrameParts() {
  return frameParts
}
