import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { Storage } from './storage'
import type { SolanaSendRecord } from './types'

// Migration 15: the Solana transactions the server signed, by signature, on both databases.
const backends = storageBackends()

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  test('default: recorded before it is sent, then its outcome; the same signature again is one row', async () => {
    await storage.users.create({ id: 'u1', email: 'sol@example.test', createdAt: 1 })
    const send: SolanaSendRecord = {
      signature:
        '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      userId: 'u1',
      cluster: 'solana:localnet',
      address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      status: 'sending',
      createdAt: 1,
      updatedAt: 1,
    }
    expect(await storage.solanaSends.find(send.signature)).toBeUndefined()
    await storage.solanaSends.create(send)
    expect(await storage.solanaSends.find(send.signature)).toEqual(send)
    await storage.solanaSends.setStatus(send.signature, 'uncertain', 2)
    await storage.solanaSends.create({ ...send, status: 'sending', updatedAt: 3 })
    expect(await storage.solanaSends.find(send.signature)).toEqual({ ...send, updatedAt: 3 })
    await storage.solanaSends.setStatus(send.signature, 'sent', 4)
    expect(await storage.solanaSends.find(send.signature)).toEqual({
      ...send,
      status: 'sent',
      updatedAt: 4,
    })
  })
})
